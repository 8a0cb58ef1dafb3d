import { createRoutesFromChildren, Navigate, Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';
import { pendingPages } from './PageRoutes';

const component = () => null;

describe('lazyComponent', () => {
  it('downloads its code once, however often it is preloaded', async () => {
    const load = vi.fn(async () => component);
    const Lazy = lazyComponent(load);
    expect(Lazy.isLoaded()).toBe(false);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(Lazy.isLoaded()).toBe(true);
  });

  it('tries a failed download again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(component);
    const Lazy = lazyComponent(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    expect(Lazy.isLoaded()).toBe(false);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(Lazy.isLoaded()).toBe(true);
  });
});

describe('pendingPages', () => {
  function setup() {
    const loads = { layout: vi.fn(async () => component), list: vi.fn(async () => component), editor: vi.fn() };
    const Layout = lazyComponent(loads.layout);
    const List = lazyComponent(loads.list);
    const Editor = lazyComponent(loads.editor);
    const routes = createRoutesFromChildren(
      <>
        <Route element={<Layout />}>
          <Route path="/documents/:status?" element={<List />} />
        </Route>
        <Route path="/documents/:documentId/edit" element={<Editor />} />
        <Route path="*" element={<Navigate to="/documents" />} />
      </>,
    );
    return { loads, routes };
  }

  it('downloads the layout and page a path opens, and nothing else', async () => {
    const { loads, routes } = setup();
    const downloads = pendingPages(routes, '/documents/draft');
    expect(downloads).toHaveLength(2);
    await Promise.all(downloads);
    expect(loads.layout).toHaveBeenCalledTimes(1);
    expect(loads.list).toHaveBeenCalledTimes(1);
    expect(loads.editor).not.toHaveBeenCalled();
  });

  it('waits for nothing once the code is here, or for a route without lazy code', async () => {
    const { routes } = setup();
    await Promise.all(pendingPages(routes, '/documents'));
    expect(pendingPages(routes, '/documents/completed')).toEqual([]);
    expect(pendingPages(routes, '/nowhere')).toEqual([]);
  });
});
