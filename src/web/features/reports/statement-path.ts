/** Where a client's statement is: the client page's 'Statement' leads there. */
export const statementPath = (clientId: string) => `/clients/${clientId}/statement`
