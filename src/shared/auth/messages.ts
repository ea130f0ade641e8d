// Texts (docs/product.md#account-texts) that the server produces; the web shows them as they arrive. Apart from the
// schemas so that a screen can show them without loading zod first.
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  pendingApproval: 'Your account is pending admin approval. Please contact the administrator.',
  emailTaken: 'This email is already registered',
  unexpected: 'An unexpected error occurred',
} as const
