// Texts (docs/product.md#account-texts) that the server produces; the web shows them as they arrive. Apart from the
// schemas so that a screen can show them without loading zod first.
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  pendingApproval: 'Your account is pending admin approval. Please contact the administrator.',
  emailTaken: 'This email is already registered',
  unexpected: 'An unexpected error occurred',
  // The one answer to "Forgot password?", whether or not the account exists.
  resetRequested: "If an account exists for that email, we've sent a link to reset the password.",
} as const
