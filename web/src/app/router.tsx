import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PAGES, type PageId } from '#contract/pages.ts';
import { Layout } from './layout.tsx';
import { PAGE_COMPONENTS } from './page-components.ts';
import { RouteError } from './route-error.tsx';

/** Each page is its own chunk, loaded when first visited. */
const lazyPage = (load: () => Promise<ComponentType>) => ({ lazy: async () => ({ Component: await load() }) });

/** Shared by the browser's router and the server's renderer: the pages of contract/pages.ts, then the not-found page. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...(Object.keys(PAGES) as PageId[]).map((id) => {
            const { path } = PAGES[id];
            return path
              ? { path, ...lazyPage(PAGE_COMPONENTS[id]) }
              : { index: true, ...lazyPage(PAGE_COMPONENTS[id]) };
          }),
          {
            path: '*',
            ...lazyPage(async () => (await import('../features/not-found/components/not-found-page.tsx')).NotFoundPage),
          },
        ],
      },
    ],
  },
];
