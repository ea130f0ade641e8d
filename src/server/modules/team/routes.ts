import { Hono } from 'hono'
import { invitationInput, invitationSignUpInput, memberRoleInput, organisationInput, switchOrganisationInput } from '@shared/team/schema'
import { reserveSignUp } from '../../auth/attempt-limits'
import { signUpAccount } from '../../auth/sign-up'
import { allow, requireApprovedUser } from '../../auth/middleware'
import { clientAddress } from '../../http/client-address'
import type { AppDeps, AppEnv, MemberEnv, SignedInEnv } from '../../http/context'
import { jsonBody, uuidParams } from '../../http/validate'
import { resetLinkOrigin } from '../admin/service'
import * as service from './service'

/** The caller's organisations, the current one, its members and its invitations: below requireMember. */
export function teamRoutes({ database: { db }, env }: AppDeps) {
  const app = new Hono<MemberEnv>()
  const memberId = uuidParams('Member')
  const invitationId = uuidParams('Invitation')

  app.get('/organisations', async (c) =>
    c.json({ organisations: await service.listOrganisations(db, c.get('user').id), currentId: c.get('organisation').id }),
  )

  app.post('/organisations/switch', jsonBody(switchOrganisationInput), async (c) =>
    c.json({ organisation: await service.switchOrganisation(db, c.get('user').id, c.req.valid('json').organisationId) }),
  )

  app.patch('/organisation', allow('manageTeam'), jsonBody(organisationInput), async (c) =>
    c.json({ organisation: await service.renameOrganisation(db, c.get('organisation'), c.get('user'), c.req.valid('json').name) }),
  )

  app.delete('/organisation', allow('manageTeam'), async (c) => {
    await service.deleteOrganisation(db, c.get('organisation').id)
    return c.body(null, 204)
  })

  app.get('/team/members', async (c) => c.json({ members: await service.listMembers(db, c.get('organisation').id) }))

  app.patch('/team/members/:id', allow('manageTeam'), memberId, jsonBody(memberRoleInput), async (c) =>
    c.json({ member: await service.changeRole(db, c.get('organisation').id, c.get('user'), c.req.param('id'), c.req.valid('json').role) }),
  )

  app.delete('/team/members/:id', allow('manageTeam'), memberId, async (c) => {
    await service.removeMember(db, c.get('organisation').id, c.get('user'), c.req.param('id'))
    return c.body(null, 204)
  })

  app.post('/team/leave', async (c) => {
    await service.removeMember(db, c.get('organisation').id, c.get('user'), c.get('user').id)
    return c.body(null, 204)
  })

  app.get('/team/invitations', allow('manageTeam'), async (c) =>
    c.json({ invitations: await service.listInvitations(db, c.get('organisation').id) }),
  )

  app.delete('/team/invitations/:id', allow('manageTeam'), invitationId, async (c) => {
    await service.withdrawInvitation(db, c.get('organisation').id, c.get('user'), c.req.param('id'))
    return c.body(null, 204)
  })

  app.post('/team/invitations', allow('manageTeam'), jsonBody(invitationInput), async (c) => {
    const { email, role } = c.req.valid('json')
    const origin = resetLinkOrigin(env, c.req.url)
    const created = await service.createInvitation(db, {
      organisationId: c.get('organisation').id,
      organisationName: c.get('organisation').name,
      actor: c.get('user'),
      actorRole: c.get('organisation').role,
      email,
      role,
      origin,
    })
    return c.json(created, 201)
  })

  return app
}

// An invitation's token is read by the service: anything malformed is the same 410 as a used link.
const tokenParam = (c: { req: { param: (name: 'token') => string } }) => c.req.param('token')

/** The invitation page's routes: open to visitors (preview, sign-up) and to signed-in accounts (accept). */
export function invitationRoutes({ database: { db }, auth, env }: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/invitations/:token', async (c) => c.json(await service.previewInvitation(db, tokenParam(c))))

  // A new account for the invitation's own email, approved by the invitation it accepts.
  app.post('/invitations/:token/sign-up', jsonBody(invitationSignUpInput), async (c) => {
    const input = c.req.valid('json')
    const email = await service.invitationEmail(db, tokenParam(c))
    await reserveSignUp(db, clientAddress(c, env.trustProxy), env.signUpsPerAddressPerHour)
    const created = await signUpAccount(auth, db, { name: input.fullName, email, password: input.password }, c.req.raw.headers)
    await service.acceptInvitation(db, tokenParam(c), created)
    return c.json({ user: { id: created.id, email: created.email, name: created.name } }, 201)
  })

  // The gate on this route alone: a sub-app's use('*') would run for every later /api path too.
  const signedIn = new Hono<SignedInEnv>()
  signedIn.post('/invitations/:token/accept', requireApprovedUser, async (c) =>
    c.json({ organisation: await service.acceptInvitation(db, tokenParam(c), c.get('user')) }),
  )
  app.route('/', signedIn)
  return app
}
