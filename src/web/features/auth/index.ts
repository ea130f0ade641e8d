// What the rest of the app uses of auth; everything else here is the feature's own (ADR 0019).
export { authKeys, type CurrentUser } from './api'
export { AcceptAsSignedIn } from './accept-as-signed-in'
export { AuthProvider, useAuth } from './auth-provider'
export { homePathOf } from './home-path'
export { RequireAuth } from './require-auth'
export { usePermission } from './use-permission'
