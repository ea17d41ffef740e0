/**
 * The engine's words of its forms and records added for issue 29's forms (the form's name for a screen
 * reader, the leave-without-saving question, a locked field's icon), spread at the end of `en`. English
 * is the screens' text as it was, byte for byte.
 */
export const forms2En = {
  formNew: 'New {singular}',
  formEdit: 'Edit {singular}',
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your changes to this form have not been saved. If you leave now, they are lost.',
  leaveConfirm: 'Leave without saving',
  leaveCancel: 'Keep editing',
  fieldLocked: 'Locked',
  // A change's before and after
  historyTo: ' → ',
} as const;
