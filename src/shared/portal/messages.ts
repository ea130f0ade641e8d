// The texts of the renters' portal users see (docs/product.md#renters).
export const PORTAL_MESSAGES = {
  noAccess: 'This account has no portal access',
} as const
