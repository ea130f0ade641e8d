import { can, type Permission } from '@shared/team/roles'
import { useAuth } from './auth-provider'

/**
 * Whether the signed-in member's role in the current organisation allows `permission`. The web
 * app only hides what the role cannot do; the server refuses it anyway (docs/product.md#teams).
 */
export function usePermission(permission: Permission): boolean {
  return can(useAuth().user?.organisation?.role, permission)
}
