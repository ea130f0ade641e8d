import { z } from 'zod'
import { activityPageResponse } from '@shared/activity/responses'
import { adminUserListResponse, adminUserResponse, passwordResetLinkResponse } from '@shared/admin/responses'
import { ERROR_CODES } from '@shared/api-error'
import { apiErrorBody } from '@shared/api-error-body'
import {
  currentUserResponse,
  forgotPasswordResponse,
  resetPasswordResponse,
  signInResponse,
  signOutResponse,
  signUpResponse,
} from '@shared/auth/responses'
import {
  bookableRoomListResponse,
  changeRoomUseResponse,
  eventPreviewResponse,
  createEventsResponse,
  eventListResponse,
  monthDaysResponse,
  seriesResponse,
  upcomingEventsResponse,
  updateEventResponse,
} from '@shared/events/responses'
import {
  closureListResponse,
  closurePreviewResponse,
  createClosureResponse,
  holidayClosuresPreviewResponse,
  holidayClosuresResponse,
  holidayCountriesResponse,
} from '@shared/closures/responses'
import { clientBillingResponse, paymentListResponse, paymentResponse, receivablesResponse } from '@shared/billing/payments-responses'
import { statementResponse } from '@shared/exports/responses'
import { reportResponse } from '@shared/reports/responses'
import {
  billingSettingsResponse,
  clientRatesResponse,
  generateInvoicesResponse,
  invoiceListResponse,
  invoiceResponse,
  issuedInvoiceResponse,
  rateResponse,
  roomRatesResponse,
} from '@shared/billing/responses'
import { clientDetailResponse, clientListResponse, clientResponse, importPreviewResponse, importResponse } from '@shared/clients/responses'
import {
  chargingContractResponse,
  contractGroupListResponse,
  contractListResponse,
  contractResponse,
  usageLogResponse,
  usageReportResponse,
} from '@shared/contracts/responses'
import {
  changeRoomClashListResponse,
  facilityCountResponse,
  facilityListResponse,
  facilityResponse,
  facilityUpdatedResponse,
} from '@shared/facilities/responses'
import { availabilityResponse } from '@shared/marketing/responses'
import {
  mailListResponse,
  marketingRecipientsResponse,
  sendSelloffResponse,
  unsubscribeInfoResponse,
  unsubscribeResponse,
} from '@shared/mail/responses'
import { feedLookupResponse, feedResponse } from '@shared/feeds/responses'
import { freeSlotsResponse } from '@shared/availability/responses'
import { changeRoomListResponse, roomDetailResponse, roomListResponse, roomResponse, roomUpdatedResponse } from '@shared/rooms/responses'
import {
  claimOfferResponse,
  releaseEventResponse,
  waitlistEntryResponse,
  waitlistOfferResponse,
  waitlistResponse,
  waitlistSpacesResponse,
} from '@shared/renting/waitlist-responses'
import {
  portalAccessResponse,
  portalBookingPageResponse,
  portalClientListResponse,
  portalContractListResponse,
  portalFeedResponse,
  portalInvitationAcceptedResponse,
  portalInvitationCreatedResponse,
  portalInvitationPreviewResponse,
  portalInvoiceListResponse,
  portalInvoiceResponse,
} from '@shared/portal/responses'
import {
  operatorRequestListResponse,
  operatorRequestResponse,
  portalFacilitiesResponse,
  portalFacilityFreeSlotsResponse,
  portalFreeSlotsResponse,
  renterRequestListResponse,
  renterRequestResponse,
  requestCountResponse,
  testClockResponse,
} from '@shared/renting/requests-responses'
import { publicBoard } from '@shared/screens/public-board'
import { screenListResponse, screenResponse } from '@shared/screens/responses'
import { setupProgressResponse, setupStepResponse } from '@shared/setup/responses'
import {
  invitationCreatedResponse,
  invitationListResponse,
  invitationPreviewResponse,
  invitationSignUpResponse,
  memberListResponse,
  memberResponse,
  organisationListResponse,
  organisationResponse,
} from '@shared/team/responses'

/**
 * What a route answers, per status: a schema for its JSON body, or null for an answer that
 * carries no JSON (an empty 204 or 304, an image, an event stream). A 2xx or 3xx not listed is
 * a mistake; an error status not listed answers the one error body (`apiErrorBody`), with the
 * code of that status.
 */
export type RouteResponses = Partial<Record<number, z.ZodType | null>>

/**
 * Every route of the app by its key ('GET /api/clients/:id', as app-routes.ts names it), unless
 * UNCHECKED_ROUTES says why not. The API tests check each answer they receive against it.
 */
export const ROUTE_RESPONSES: Record<string, RouteResponses> = {
  'POST /api/auth/sign-up/email': { 201: signUpResponse },
  'POST /api/auth/sign-in/email': { 200: signInResponse },
  'POST /api/auth/sign-out': { 200: signOutResponse },
  'POST /api/auth/reset-password': { 200: resetPasswordResponse },
  'POST /api/auth/forgot-password': { 202: forgotPasswordResponse },
  // Only errors: every endpoint of better-auth that the app does not use is a 404.
  'ALL /api/auth/*': {},
  'GET /api/me': { 200: currentUserResponse },

  'GET /api/public/displays/:slug': { 200: publicBoard, 304: null },
  'GET /api/public/displays/:slug/changes': { 200: null },
  'GET /api/public/logos/:slug/:version': { 200: null },

  'GET /api/admin/users': { 200: adminUserListResponse },
  'POST /api/admin/users/:id/approve': { 200: adminUserResponse },
  'POST /api/admin/users/:id/revoke': { 200: adminUserResponse },
  'POST /api/admin/users/:id/reset-password': { 200: passwordResetLinkResponse },

  'GET /api/facilities': { 200: facilityListResponse },
  'GET /api/facilities/count': { 200: facilityCountResponse },
  'POST /api/facilities': { 201: facilityResponse },
  'GET /api/facilities/:id': { 200: facilityResponse },
  'PUT /api/facilities/:id': { 200: facilityUpdatedResponse },
  'DELETE /api/facilities/:id': { 204: null },
  'GET /api/facilities/:id/rooms': { 200: roomListResponse },
  'POST /api/facilities/:id/rooms': { 201: roomResponse },
  'GET /api/facilities/:id/change-rooms': { 200: changeRoomListResponse },
  'GET /api/facilities/:id/change-room-clashes': { 200: changeRoomClashListResponse },
  // An event stream: 'ready', then 'changed' and 'ping' (ADR 0030).
  'GET /api/facilities/:id/timeline/changes': { 200: null },
  'GET /api/rooms/:id': { 200: roomDetailResponse },
  'PUT /api/rooms/:id': { 200: roomUpdatedResponse },
  'DELETE /api/rooms/:id': { 204: null },

  'GET /api/clients': { 200: clientListResponse },
  'POST /api/clients': { 201: clientResponse },
  'GET /api/clients/:id': { 200: clientDetailResponse },
  'PUT /api/clients/:id': { 200: clientResponse },
  'DELETE /api/clients/:id': { 204: null },
  'POST /api/clients/import/preview': { 200: importPreviewResponse },
  'POST /api/clients/import': { 200: importResponse },

  'GET /api/contracts': { 200: contractGroupListResponse },
  'POST /api/contracts': { 201: contractResponse },
  'PUT /api/contracts/:id': { 200: contractResponse },
  'DELETE /api/contracts/:id': { 204: null },
  'GET /api/clients/:id/contracts': { 200: contractListResponse },
  'GET /api/clients/:id/usage': { 200: usageReportResponse },
  'GET /api/clients/:id/charging-contract': { 200: chargingContractResponse },
  'POST /api/usage': { 201: usageLogResponse },

  'GET /api/screens': { 200: screenListResponse },
  'POST /api/screens': { 201: screenResponse },
  'GET /api/screens/:id': { 200: screenResponse },
  'PUT /api/screens/:id': { 200: screenResponse },
  'DELETE /api/screens/:id': { 204: null },
  'PUT /api/screens/:id/logo': { 200: screenResponse },
  'DELETE /api/screens/:id/logo': { 200: screenResponse },

  'GET /api/marketing/availability': { 200: availabilityResponse },
  'GET /api/marketing/recipients': { 200: marketingRecipientsResponse },
  'POST /api/marketing/send': { 200: sendSelloffResponse },
  'GET /api/unsubscribe/:token': { 200: unsubscribeInfoResponse },
  'POST /api/unsubscribe/:token': { 200: unsubscribeResponse },
  // RFC 8058 one-click, from mail providers: plain text either way.
  'POST /unsubscribe/:token': { 200: null, 404: null },
  'GET /api/availability/free-slots': { 200: freeSlotsResponse },

  'GET /api/setup/progress': { 200: setupProgressResponse },
  'POST /api/setup/facility': { 201: setupStepResponse },
  'POST /api/setup/spaces': { 201: setupStepResponse },
  'POST /api/setup/change-rooms': { 201: setupStepResponse },
  'POST /api/setup/displays': { 201: setupStepResponse },
  'POST /api/setup/display-rooms': { 201: setupStepResponse },
  'POST /api/setup/client': { 201: setupStepResponse },
  'POST /api/setup/skip': { 200: setupStepResponse },
  'POST /api/setup/complete': { 200: setupStepResponse },

  'GET /api/events': { 200: eventListResponse, 304: null },
  'GET /api/events/month': { 200: monthDaysResponse },
  'GET /api/events/upcoming': { 200: upcomingEventsResponse },
  'GET /api/events/past': { 200: eventListResponse },
  'GET /api/events/rooms': { 200: bookableRoomListResponse },
  'GET /api/events/change-rooms': { 200: changeRoomUseResponse },
  'POST /api/events/preview': { 200: eventPreviewResponse },
  'POST /api/events/:id/series-preview': { 200: eventPreviewResponse },
  'GET /api/series/:id': { 200: seriesResponse },
  'GET /api/closures': { 200: closureListResponse },
  'GET /api/facilities/:id/closures': { 200: closureListResponse },
  'POST /api/facilities/:id/closures/preview': { 200: closurePreviewResponse },
  'POST /api/facilities/:id/closures': { 201: createClosureResponse },
  'DELETE /api/closures/:id': { 204: null },
  'GET /api/holidays/countries': { 200: holidayCountriesResponse },
  'POST /api/facilities/:id/closures/holidays/preview': { 200: holidayClosuresPreviewResponse },
  'POST /api/facilities/:id/closures/holidays': { 201: holidayClosuresResponse },
  'POST /api/events': { 201: createEventsResponse },
  'PUT /api/events/:id': { 200: updateEventResponse },
  'DELETE /api/events/:id': { 204: null },

  // Only errors: an unknown path under /api.
  'GET /api/organisations': { 200: organisationListResponse },
  'POST /api/organisations/switch': { 200: organisationResponse },
  'PATCH /api/organisation': { 200: organisationResponse },
  'DELETE /api/organisation': { 204: null },
  'GET /api/team/members': { 200: memberListResponse },
  'PATCH /api/team/members/:id': { 200: memberResponse },
  'DELETE /api/team/members/:id': { 204: null },
  'POST /api/team/leave': { 204: null },
  'GET /api/team/invitations': { 200: invitationListResponse },
  'POST /api/team/invitations': { 201: invitationCreatedResponse },
  'DELETE /api/team/invitations/:id': { 204: null },
  'GET /api/invitations/:token': { 200: invitationPreviewResponse },
  'POST /api/invitations/:token/sign-up': { 201: invitationSignUpResponse },
  'POST /api/invitations/:token/accept': { 200: organisationResponse },

  'GET /api/activity': { 200: activityPageResponse },

  'GET /api/mail': { 200: mailListResponse },
  'GET /api/admin/mail': { 200: mailListResponse },

  'GET /api/feeds': { 200: feedLookupResponse },
  'POST /api/feeds': { 200: feedResponse, 201: feedResponse },
  'POST /api/feeds/:id/reset': { 200: feedResponse },
  'PUT /api/feeds/:id': { 200: feedResponse },
  // The public feed: iCalendar text, or nothing for a matching If-None-Match; its 404 is the API's.
  'GET /feeds/:file': { 200: null, 304: null },
  'ALL /feeds/*': {},

  'POST /api/payments': { 201: paymentResponse },
  'GET /api/payments': { 200: paymentListResponse },
  'GET /api/clients/:id/billing': { 200: clientBillingResponse },
  'GET /api/billing/receivables': { 200: receivablesResponse },
  // 'Export CSV': text/csv.
  'GET /api/billing/receivables.csv': { 200: null },

  // The exports (text/csv, streamed) and a client's statement.
  'GET /api/exports/events.csv': { 200: null },
  'GET /api/exports/clients.csv': { 200: null },
  'GET /api/exports/contracts.csv': { 200: null },
  'GET /api/exports/usage.csv': { 200: null },
  'GET /api/clients/:id/statement': { 200: statementResponse },
  'GET /api/clients/:id/statement.csv': { 200: null },

  // The Reports page.
  'GET /api/reports': { 200: reportResponse },

  'GET /api/billing/settings': { 200: billingSettingsResponse },
  'PUT /api/billing/settings': { 200: billingSettingsResponse },
  'GET /api/rooms/:roomId/rates': { 200: roomRatesResponse },
  'PUT /api/rooms/:roomId/rates': { 200: rateResponse },
  'GET /api/clients/:clientId/rates': { 200: clientRatesResponse },
  'PUT /api/clients/:clientId/rates/:roomId': { 200: rateResponse },
  'DELETE /api/clients/:clientId/rates/:roomId': { 204: null },
  'GET /api/invoices': { 200: invoiceListResponse },
  'POST /api/invoices/generate': { 200: generateInvoicesResponse },
  'GET /api/invoices/:id': { 200: invoiceResponse },
  // The invoice as a PDF (application/pdf).
  'GET /api/invoices/:id/pdf': { 200: null },
  'POST /api/invoices/:id/lines': { 200: invoiceResponse },
  'POST /api/invoices/:id/discount': { 200: invoiceResponse },
  'POST /api/invoices/:id/lines/:lineId/remove': { 200: invoiceResponse },
  'DELETE /api/invoices/:id/lines/:lineId': { 200: invoiceResponse },
  'DELETE /api/invoices/:id': { 204: null },
  'POST /api/invoices/:id/issue': { 200: issuedInvoiceResponse },
  'POST /api/invoices/:id/void': { 200: issuedInvoiceResponse },

  // The renters' portal (ADR 0063): a client's 'Portal Access', the invitation link, the portal's reads.
  'GET /api/clients/:id/portal-access': { 200: portalAccessResponse },
  'POST /api/clients/:id/portal-invitations': { 201: portalInvitationCreatedResponse },
  'DELETE /api/clients/:id/portal-invitations/:invitationId': { 204: null },
  'DELETE /api/clients/:id/renters/:userId': { 204: null },
  'GET /api/portal-invitations/:token': { 200: portalInvitationPreviewResponse },
  'POST /api/portal-invitations/:token/accept': { 200: portalInvitationAcceptedResponse },
  'GET /api/portal/clients': { 200: portalClientListResponse },
  'GET /api/portal/bookings': { 200: portalBookingPageResponse },
  'GET /api/portal/contracts': { 200: portalContractListResponse },
  'GET /api/portal/invoices': { 200: portalInvoiceListResponse },
  'GET /api/portal/invoices/:id': { 200: portalInvoiceResponse },
  'GET /api/portal/clients/:id/feed': { 200: portalFeedResponse },

  // Released ice and the waitlist (ADR 0065).
  'POST /api/events/:id/release': { 200: releaseEventResponse },
  'POST /api/portal/bookings/:id/release': { 204: null },
  'GET /api/portal/waitlist': { 200: waitlistResponse },
  'GET /api/portal/waitlist/spaces': { 200: waitlistSpacesResponse },
  'POST /api/portal/waitlist': { 201: waitlistEntryResponse },
  'DELETE /api/portal/waitlist/:id': { 204: null },
  'GET /api/portal/offers/:id': { 200: waitlistOfferResponse },
  'POST /api/portal/offers/:id/claim': { 201: claimOfferResponse },

  // Requests that hold the ice (docs/product.md#renters): the renter's, the operators', the test clock.
  'GET /api/portal/facilities': { 200: portalFacilitiesResponse },
  'GET /api/portal/free-slots': { 200: portalFreeSlotsResponse },
  'GET /api/portal/facilities/:id/free-slots': { 200: portalFacilityFreeSlotsResponse },
  'POST /api/portal/requests': { 201: renterRequestResponse },
  'GET /api/portal/requests': { 200: renterRequestListResponse },
  'POST /api/portal/requests/:id/withdraw': { 200: renterRequestResponse },
  'GET /api/requests': { 200: operatorRequestListResponse },
  'GET /api/requests/count': { 200: requestCountResponse },
  'POST /api/requests/:id/approve': { 200: operatorRequestResponse },
  'POST /api/requests/:id/decline': { 200: operatorRequestResponse },
  'POST /api/test/clock': { 200: testClockResponse },

  'ALL /api/*': {},
}

const PROBE = 'a probe for load balancers, read by its status; its 503 is not the API error body'

/** Routes whose answers are not checked, with the reason. */
export const UNCHECKED_ROUTES: Record<string, string> = {
  'GET /livez': PROBE,
  'GET /healthz': PROBE,
}

/**
 * Throws when an answer of the route is not what its schema says: a field renamed or missing, a
 * status the route should not answer, JSON where there should be none, or an error body that is
 * not the API's. Reads a clone, so the caller can still read the answer.
 */
export async function checkResponse(route: string, response: Response): Promise<void> {
  if (route in UNCHECKED_ROUTES) return
  const responses = ROUTE_RESPONSES[route]
  if (!responses) throw new Error(`${route} has no response schema: add it to ROUTE_RESPONSES in src/server/test/response-schemas.ts`)
  const { status } = response
  const listed = responses[status]
  const isError = listed === undefined && status >= 400
  const schema = isError ? apiErrorBody : listed
  if (schema === undefined) throw new Error(`${route} answered ${status}, which its entry in ROUTE_RESPONSES does not list`)
  const contentType = response.headers.get('content-type') ?? 'no content type'
  const isJson = contentType.startsWith('application/json')
  if (schema === null) {
    if (isJson) throw new Error(`${route} answered ${status} with JSON, where its entry in ROUTE_RESPONSES expects none`)
    return
  }
  if (!isJson) throw new Error(`${route} answered ${status} with ${contentType}, not JSON`)
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => {
      throw new Error(`${route} answered ${status} with a body that does not parse as JSON`)
    })
  const parse = <Schema extends z.ZodType>(expected: Schema): z.output<Schema> => {
    const result = expected.safeParse(body)
    if (result.success) return result.data
    throw new Error(`${route} answered ${status} with a body its response schema refuses:\n${z.prettifyError(result.error)}`)
  }
  if (!isError) {
    parse(schema)
    return
  }
  // Clients read the status and the code apart; they must tell the same story.
  const { code } = parse(apiErrorBody).error
  if (ERROR_CODES[code] !== status) throw new Error(`${route} answered ${status} with the code ${code}, which is a ${ERROR_CODES[code]}`)
}
