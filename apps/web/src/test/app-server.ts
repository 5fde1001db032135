/**
 * The server answers every app-level screen test needs besides its screen's own routes: list
 * envelopes, pick-list options, and the signed-in user's groups and form permissions. Given to
 * `fakeFetch` after the screen's routes, so a screen can still answer any of them its own way.
 */
import { json, type FetchRoute } from './render';

export const envelope = (data: unknown[]) => json({ error: false, count: data.length, data });

export type PickOption = { id: number; number: string; name: string; inactive: boolean };

export const option = (id: number, number: string, name: string): PickOption => ({
  id,
  number,
  name,
  inactive: false,
});

/**
 * `/api/v1/<list>/options`: a list's options, or only those asked for by `ids` (as a pick list
 * names its chosen value). With `bySearch`, a typed search narrows them as the server does.
 */
export function optionsRoute(
  listOf: (list: string) => readonly PickOption[] | undefined,
  { bySearch = false }: { bySearch?: boolean } = {},
): FetchRoute {
  return (url) => {
    const picked = /^\/api\/v1\/([a-z-]+)\/options$/.exec(url.pathname);
    if (!picked) return undefined;
    const all = listOf(picked[1]!) ?? [];
    const ids = url.searchParams.get('ids');
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    return envelope(
      all.filter((each) =>
        ids
          ? ids.split(',').includes(String(each.id))
          : !bySearch || `${each.number} ${each.name}`.toLowerCase().includes(search),
      ),
    );
  };
}

export type FormPermission = { FormId: number; PermissionId: number };

export const concreteGroup = { id: 1001, userProfileId: 1, groupName: 'Concrete' } as const;

/**
 * The signed-in user's groups and form permissions (read at each call, so a test may change
 * them), no system administrator, and the one database server.
 */
export function accessRoutes({
  forms,
  groups = [concreteGroup],
}: {
  forms: () => readonly FormPermission[];
  groups?: readonly unknown[];
}): FetchRoute {
  return (url, init) => {
    switch (`${init?.method ?? 'GET'} ${url.pathname}`) {
      case 'GET /api/v1/user/groups':
        return envelope([...groups]);
      case 'GET /api/formauthorization':
        return envelope([...forms()]);
      case 'GET /api/v1/sysadmin':
        return json({ value: false, message: '' });
      case 'GET /api/servers':
        return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
      // The top bar's jobs tray: no background jobs yet.
      case 'GET /api/v1/background-jobs':
        return envelope([]);
      default:
        return undefined;
    }
  };
}
