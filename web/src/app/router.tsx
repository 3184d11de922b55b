import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

/** Each page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<ComponentType>) => ({ lazy: async () => ({ Component: await load() }) });

/** Shared by the browser's router and the server's renderer. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, ...page(async () => (await import('../features/home/home-page.tsx')).HomePage) },
          { path: 'item/:index', ...page(async () => (await import('../features/carousel/carousel-page.tsx')).CarouselPage) },
          { path: 'cart/:id', ...page(async () => (await import('../features/cart/components/cart-page.tsx')).CartPage) },
          { path: 'download/:id', ...page(async () => (await import('../features/downloads/download-page.tsx')).DownloadPage) },
          { path: 'new', ...page(async () => (await import('../features/category/new-page.tsx')).NewPage) },
          { path: 'landscape', ...page(async () => (await import('../features/category/category-pages.tsx')).LandscapePage) },
          { path: 'city', ...page(async () => (await import('../features/category/category-pages.tsx')).CityPage) },
          { path: 'painting', ...page(async () => (await import('../features/category/category-pages.tsx')).PaintingPage) },
          { path: 'search', ...page(async () => (await import('../features/search/search-page.tsx')).SearchPage) },
          { path: 'help', ...page(async () => (await import('../features/static-pages/help-page.tsx')).HelpPage) },
          { path: 'policy', ...page(async () => (await import('../features/static-pages/policy-page.tsx')).PolicyPage) },
          { path: 'apps', ...page(async () => (await import('../features/static-pages/apps-page.tsx')).AppsPage) },
          { path: 'payment', ...page(async () => (await import('../features/checkout/components/payment-page.tsx')).PaymentPage) },
          { path: 'success', ...page(async () => (await import('../features/checkout/components/success-page.tsx')).SuccessPage) },
          { path: 'login', ...page(async () => (await import('../features/session/components/login-page.tsx')).LoginPage) },
          { path: 'register', ...page(async () => (await import('../features/session/components/register-page.tsx')).RegisterPage) },
          { path: 'users/:id/verify/:token', ...page(async () => (await import('../features/session/components/verify-page.tsx')).VerifyPage) },
          { path: 'account', ...page(async () => (await import('../features/session/components/account-page.tsx')).AccountPage) },
          { path: 'forgot-password', ...page(async () => (await import('../features/session/components/forgot-password-page.tsx')).ForgotPasswordPage) },
          { path: 'reset-password', ...page(async () => (await import('../features/session/components/reset-password-page.tsx')).ResetPasswordPage) },
          { path: 'upload', ...page(async () => (await import('../features/admin/upload-page.tsx')).UploadPage) },
          { path: 'review', ...page(async () => (await import('../features/admin/review-page.tsx')).ReviewPage) },
          { path: 'review/:id', ...page(async () => (await import('../features/admin/review-detail-page.tsx')).ReviewDetailPage) },
          { path: '*', ...page(async () => (await import('../features/not-found/not-found-page.tsx')).NotFoundPage) },
        ],
      },
    ],
  },
];
