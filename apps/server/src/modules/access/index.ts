/** What the access module offers other modules (the lint's dependency check allows nothing else). */
export { allowOn, authorize, findVisible, listAllowed, resourceOf, userActor } from './enforce.js';
export { type Action, type Actor, can } from './policy.js';
