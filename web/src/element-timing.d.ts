import 'react';

declare module 'react' {
  // The type parameter must match React's declaration for the two to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    /**
     * Element Timing: the browser reports when the image is first painted. The images of a
     * page's first view carry it, and the entry (main.tsx) starts the app once they are painted.
     */
    elementtiming?: string;
  }
}
