import { CATEGORIES, CategoryPage } from './category-page.tsx';

const [landscape, city, painting] = CATEGORIES;

export const LandscapePage = () => <CategoryPage category={landscape!} />;
export const CityPage = () => <CategoryPage category={city!} />;
export const PaintingPage = () => <CategoryPage category={painting!} />;
