/** The current session's access token, kept in memory and in session storage for this tab only. */
const storageKey = 'accessToken';

let accessToken: string | null = null;

export function getAccessToken(): string | null {
  if (accessToken === null) accessToken = sessionStorage.getItem(storageKey);
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
  if (token === null) sessionStorage.removeItem(storageKey);
  else sessionStorage.setItem(storageKey, token);
}
