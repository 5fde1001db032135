/**
 * The stand-in's own texts. R-VALID-4 gives only the classic required-fields message (taken from
 * @dispatch/domain); these cover what it leaves unsaid: token checks and refusals.
 */
export const intercomMessages = {
  tokenLoginRequired: 'Server, database, and token are required fields.',
  tokenRejected: 'The server rejected the token.',
  tokenWithoutSession: 'The token does not belong to a logged-in session.',
  noClassicUser: 'No user is logged in to Classic AUJS.',
  formRequired: 'A form id or form enum id is required.',
  ticketRequired: 'A ticket id is required.',
  formNotFound: 'No such opened form.',
} as const;

export function tokenForOtherDatabase(tokenDatabase: string, requested: string): string {
  return `The token belongs to database ${tokenDatabase}, not ${requested}.`;
}

export function tokenCheckUnavailable(reason: string): string {
  return `The server could not check the token (${reason}).`;
}

export function notAClassicForm(id: number, name: string): string {
  return `Form ${id} (${name}) is not a classic form: it opens in the web client.`;
}
