import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const DOCUMENT = '4f7c9a52-2f0b-4d3e-9a51-6f1d2b3c4d5e';
const OTHER = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';

function isInvalidated(client: QueryClient, key: readonly unknown[]) {
  return client.getQueryState(key)?.isInvalidated ?? false;
}

describe('queryKeys', () => {
  it("reaches every document's keys and the lists from documents.all, and nothing else", async () => {
    const client = new QueryClient();
    const documentKeys = [
      queryKeys.documents.list({}),
      queryKeys.documents.detail(DOCUMENT),
      queryKeys.documents.activities(DOCUMENT),
      queryKeys.documents.conversion(OTHER),
      queryKeys.documents.sent(DOCUMENT),
    ];
    const others = [queryKeys.currentUser(), queryKeys.signedUrl('files/a.pdf'), queryKeys.requisites.all()];
    for (const key of [...documentKeys, ...others]) client.setQueryData(key, {} as never);

    await client.invalidateQueries({ queryKey: queryKeys.documents.all() });

    for (const key of documentKeys) expect(isInvalidated(client, key), JSON.stringify(key)).toBe(true);
    for (const key of others) expect(isInvalidated(client, key), JSON.stringify(key)).toBe(false);
  });

  it("keeps one document's details apart from its activities, conversion and sent copy", async () => {
    const client = new QueryClient();
    const detail = queryKeys.documents.detail(DOCUMENT);
    const around = [
      queryKeys.documents.activities(DOCUMENT),
      queryKeys.documents.conversion(DOCUMENT),
      queryKeys.documents.sent(DOCUMENT),
    ];
    for (const key of [detail, ...around]) client.setQueryData(key, {} as never);

    await client.invalidateQueries({ queryKey: detail, exact: true });

    expect(isInvalidated(client, detail)).toBe(true);
    for (const key of around) expect(isInvalidated(client, key)).toBe(false);
  });

  it("reaches both requisite lists of an owner from requisites.all, but not another's images", async () => {
    const client = new QueryClient();
    const lists = [queryKeys.requisites.list('user', false), queryKeys.requisites.list('user', true)];
    const image = queryKeys.requisites.image('requisites/a.png');
    for (const key of [...lists, image]) client.setQueryData(key, {} as never);

    await client.invalidateQueries({ queryKey: queryKeys.requisites.all() });

    for (const key of lists) expect(isInvalidated(client, key)).toBe(true);
    expect(isInvalidated(client, image)).toBe(false);
  });
});
