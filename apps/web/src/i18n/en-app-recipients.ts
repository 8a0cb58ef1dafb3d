/** The sender's texts for a sent document's signers (issue 36): correct, reassignment switch, in-person signing. */
export const recipientTexts = {
  recipients: {
    edit: 'Edit',
    editLabel: 'Edit {{name}}',
    editTitle: 'Correct signer',
    editIntro:
      'Their current link stops working and a new invitation goes to the address below. Fields, pages and signers who signed stay as they are.',
    name: 'Name',
    email: 'Email',
    accessCode: 'Access code for this signer',
    accessCodeDescription: 'Leave empty to keep the current one.',
    removeAccessCode: "Use the document's access code (or none)",
    language: 'Language of their emails and page',
    languageDocument: "The document's language",
    save: 'Save and send new invitation',
    cancel: 'Cancel',
    saved: 'Signer updated. A new invitation is on its way.',
    waiting: 'Waiting',
    signed: 'Signed',
    inPerson: 'Sign in person',
    inPersonLabel: 'Sign in person: {{name}}',
    inPersonTitle: 'Sign in person',
    inPersonText:
      'Hand this device to {{name}}. Their signature is recorded as signed in person, hosted by you, with this device’s address and browser. When they are done you come back here.',
    inPersonStart: 'Open signing page',
    allowReassign: 'Signers may reassign',
    allowReassignDescription: 'A signer can hand their part to someone else, with a reason. You are told by email.',
    reassignSaved: 'Saved',
    changedFrom: 'From {{name}} ({{email}}) to {{newName}} ({{newEmail}})',
    reason: 'Reason: {{reason}}',
    hostedBy: 'In person, hosted by {{name}}',
  },
} as const;
