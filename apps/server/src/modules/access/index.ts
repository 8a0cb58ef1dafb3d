/** What the access module offers other modules (the lint's dependency check allows nothing else). */
export {
  allowOn,
  authorize,
  findVisible,
  listAllowed,
  memberActor,
  requireAccountOwner,
  resourceOf,
  userActor,
} from './enforce.js';
export { type Action, type Actor, accountOf, can, ownedBy, requisiteOf, teamMemberOf } from './policy.js';
