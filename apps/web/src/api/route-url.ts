import type { ApiRoute } from '@esign/shared';

/** Query parameters, typed per route by its contract's `querystring` schema. */
export type Query = Readonly<Record<string, unknown>>;

/** Query parameters as a string: arrays repeat their key, undefined and empty values are left out. */
export function toQueryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

/** A route's path with its `:name` parameters filled in (encoded) and the query appended. */
export function routeUrl(route: ApiRoute, params: Record<string, string> = {}, query: Query = {}): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = toQueryString(query);
  return search === '' ? path : `${path}?${search}`;
}
