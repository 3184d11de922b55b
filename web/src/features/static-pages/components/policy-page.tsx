import { PAGES } from '#contract/pages.ts';
import { PRIVACY_MIN_AGE } from '../../../lib/ui-constants.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';

export function PolicyPage() {
  const meta = PAGES.policy.meta;
  usePageMeta(meta.title, meta.description);
  const { contactEmail, storeName } = usePublicConfig();
  return (
    <article className="section prose">
      <h1 className="page-title">Privacy Policy</h1>
      <p className="page-lead">
        Effective date: <time dateTime="2024-04-25">April 25, 2024</time>
      </p>
      <p>
        This policy explains what the {storeName} mobile app collects when you use it, why, and the choices you have. By
        using the app you agree to it.
      </p>

      <h2>Information we collect</h2>
      <p>When you use the app, we automatically collect:</p>
      <ul>
        <li>your device&apos;s Internet Protocol (IP) address;</li>
        <li>the pages of the app you visit;</li>
        <li>the time you spend on those pages and the time and date of your visit;</li>
        <li>the operating system of your mobile device.</li>
      </ul>
      <p>
        We use this to run and improve the app, for example to learn which wallpapers people like and to find faults.
      </p>

      <h2>Location</h2>
      <p>The app does not collect precise information about the location of your mobile device.</p>

      <h2>Third-party services</h2>
      <p>
        The app uses third-party services that have their own privacy policies, for analytics and advertising. They may
        collect information that identifies you in the ways their policies describe. We share aggregated, anonymous
        information with them only as needed to provide those services.
      </p>

      <h2>Opting out</h2>
      <p>
        You can stop all collection of information by the app by uninstalling it, using the standard uninstall process
        of your mobile device or of the app store.
      </p>

      <h2>Data retention</h2>
      <p>
        We keep the information the app collects for as long as you use the app and for a reasonable time afterwards. If
        you would like us to delete data you have provided, write to us at the address below and we will answer within a
        reasonable time.
      </p>

      <h2>Children</h2>
      <p>
        The app is not meant for anyone under the age of {PRIVACY_MIN_AGE}. We do not knowingly collect personal
        information from children under {PRIVACY_MIN_AGE}. If you are a parent or guardian and learn that your child has
        given us personal information, contact us so that we can delete it.
      </p>

      <h2>Security</h2>
      <p>
        We care about the confidentiality of your information and use physical, electronic and procedural safeguards to
        protect what we process and keep.
      </p>

      <h2>Changes</h2>
      <p>
        We may update this policy from time to time. Changes are posted on this page, and using the app afterwards means
        you accept them.
      </p>

      <h2>Your consent</h2>
      <p>
        By using the app, you consent to the processing of your information as this policy describes, now and as we
        amend it.
      </p>

      <h2>Contact us</h2>
      <p>
        Questions about privacy while using the app? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    </article>
  );
}
