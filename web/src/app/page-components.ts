import type { ComponentType } from 'react';
import type { PageId } from '#contract/pages.ts';

type Load = () => Promise<ComponentType>;

/**
 * The component of every page of contract/pages.ts, each its own chunk loaded when first
 * visited. Typed by the table's ids: a page added there without a component here does not build.
 */
export const PAGE_COMPONENTS: Record<PageId, Load> = {
  home: async () => (await import('../features/home/components/home-page.tsx')).HomePage,
  item: async () => (await import('../features/item/components/carousel-page.tsx')).CarouselPage,
  wallpaper: async () => (await import('../features/item/components/item-page.tsx')).ItemPage,
  bundle: async () => (await import('../features/bundles/components/bundle-page.tsx')).BundlePage,
  painting: async () => (await import('../features/category/components/category-pages.tsx')).PaintingPage,
  landscape: async () => (await import('../features/category/components/category-pages.tsx')).LandscapePage,
  city: async () => (await import('../features/category/components/category-pages.tsx')).CityPage,
  new: async () => (await import('../features/category/components/new-page.tsx')).NewPage,
  search: async () => (await import('../features/search/components/search-page.tsx')).SearchPage,
  help: async () => (await import('../features/static-pages/components/help-page.tsx')).HelpPage,
  policy: async () => (await import('../features/static-pages/components/policy-page.tsx')).PolicyPage,
  apps: async () => (await import('../features/static-pages/components/apps-page.tsx')).AppsPage,
  cart: async () => (await import('../features/cart/components/cart-page.tsx')).CartPage,
  download: async () => (await import('../features/downloads/components/download-page.tsx')).DownloadPage,
  payment: async () => (await import('../features/checkout/components/payment-page.tsx')).PaymentPage,
  success: async () => (await import('../features/checkout/components/success-page.tsx')).SuccessPage,
  login: async () => (await import('../features/session/components/login-page.tsx')).LoginPage,
  register: async () => (await import('../features/session/components/register-page.tsx')).RegisterPage,
  verify: async () => (await import('../features/session/components/verify-page.tsx')).VerifyPage,
  account: async () => (await import('../features/account/components/account-page.tsx')).AccountPage,
  forgotPassword: async () =>
    (await import('../features/session/components/forgot-password-page.tsx')).ForgotPasswordPage,
  resetPassword: async () => (await import('../features/session/components/reset-password-page.tsx')).ResetPasswordPage,
  upload: async () => (await import('../features/admin/components/upload-page.tsx')).UploadPage,
  review: async () => (await import('../features/admin/components/review-page.tsx')).ReviewPage,
  reviewEntry: async () => (await import('../features/admin/components/review-detail-page.tsx')).ReviewDetailPage,
  adminItems: async () => (await import('../features/admin/components/catalogue-page.tsx')).CataloguePage,
  adminActivity: async () => (await import('../features/admin/components/activity-page.tsx')).ActivityPage,
  adminOrders: async () => (await import('../features/admin/components/orders-page.tsx')).OrdersPage,
  adminOrder: async () => (await import('../features/admin/components/order-page.tsx')).OrderPage,
  adminCoupons: async () => (await import('../features/admin/components/coupons-page.tsx')).CouponsPage,
  adminSales: async () => (await import('../features/admin/components/sales-page.tsx')).SalesPage,
  adminBanners: async () => (await import('../features/admin/components/banners-page.tsx')).BannersPage,
  adminBundles: async () => (await import('../features/admin/components/bundles-page.tsx')).BundlesPage,
};
