import type { ReactNode } from 'react';

/** A section of the account page: its heading, then its content, or why it could not be loaded. */
export function AccountSection({
  id,
  title,
  className,
  failed,
  children,
}: {
  id: string;
  title: string;
  className: string;
  /** What could not be loaded, when it could not ('Your purchases'). */
  failed?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {failed ? <p role="alert">{failed} could not be loaded. Please reload the page.</p> : children}
    </section>
  );
}
