/**
 * R-CONST-1: where the API, the dispatcher and the classic intercom are. Each defaults to
 * the page's host with its default port and can be overridden; the page's own origin is the API
 * when the API served the page (the product's normal set-up) or when a dev server proxies it.
 */
import { defaultPorts } from '@dispatch/domain/constants';
import type { ClientConfig, ServerConfig } from '@dispatch/domain/settings/config';
import { warnings } from '@dispatch/domain/messages';

export type Addresses = {
  /** The API's base URL without a trailing slash; '' is the page's own origin. */
  readonly server: string;
  readonly dispatcher: string;
  readonly legacy: string;
  /** Whether the server configuration overrides the dispatcher address. */
  readonly dispatcherOverridden: boolean;
};

export type PageLocation = Pick<Location, 'protocol' | 'hostname'>;

export function hostAddress(location: PageLocation, port: number): string {
  return `${location.protocol}//${location.hostname}:${port}`;
}

const trimSlash = (url: string): string => url.trim().replace(/\/+$/, '');

/** The API before the server configuration is known: the configured address, else the page. */
export function serverAddress(
  location: PageLocation,
  clientConfig: ClientConfig,
  pageServesApi: boolean,
): string {
  const configured = trimSlash(clientConfig.serverAddress);
  if (configured !== '') return configured;
  return pageServesApi ? '' : hostAddress(location, defaultPorts.server);
}

export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export type ResolvedAddresses = { readonly addresses: Addresses; readonly warnings: string[] };

export function resolveAddresses(options: {
  readonly location: PageLocation;
  readonly server: string;
  readonly serverConfig: ServerConfig;
}): ResolvedAddresses {
  const { location, serverConfig } = options;
  const overrideUri = trimSlash(serverConfig.overrideDispatcherUri ?? '');
  const overridePort = serverConfig.overrideDispatcherPort;
  const dispatcherOverridden = overrideUri !== '' || overridePort !== null;
  let dispatcher: string;
  if (overrideUri !== '') dispatcher = overrideUri;
  else if (overridePort !== null) dispatcher = hostAddress(location, overridePort);
  else if (serverConfig.dispatchUri.trim() !== '') dispatcher = trimSlash(serverConfig.dispatchUri);
  else dispatcher = hostAddress(location, defaultPorts.dispatcher);

  const legacyOverride = trimSlash(serverConfig.overrideLegacyUri ?? '');
  const legacy =
    legacyOverride !== ''
      ? legacyOverride
      : serverConfig.legacyUri.trim() !== ''
        ? trimSlash(serverConfig.legacyUri)
        : hostAddress(location, defaultPorts.legacy);

  const found: string[] = [];
  if (isLocalHost(location.hostname) && !dispatcherOverridden) {
    found.push(warnings.localhostWithoutDispatcherOverride);
  }
  return {
    addresses: { server: options.server, dispatcher, legacy, dispatcherOverridden },
    warnings: found,
  };
}
