// The spec's words for a write that failed (core-app.md §8, insights-and-operators.md §8): a write kind
// announces its refusal with them, and screens use the same words for a failure of their own.
export const FailureMessages = {
  flag: 'Failed to update flag status. Please try again.',
  notes: 'Failed to save notes. Please try again.',
  deleteContact: 'Failed to delete contact',
  sendCard: 'Failed to send your business card. Please try again later.',
  preference: 'Failed to save preference. Please try again.',
  notificationSettings: 'Failed to update notification settings',
  businessCard: 'Failed to save business card. Please try again.',
  profile: 'Failed to update profile',
  acceptInvitation: 'Failed to accept invitation.',
  denyInvitation: 'Failed to deny invitation.',
  // The spec has no event (issue 27): worded as its siblings are.
  event: 'Failed to save the event. Please try again.',
} as const;
