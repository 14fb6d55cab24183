import { LegalLayout, LegalSection, SupportAddress } from './legal-layout';
import { useSupportEmail } from './use-support-email';

/** /terms: the Terms of Service, version v1.0 (docs/product.md#terms-and-privacy). */
export default function TermsPage() {
  const supportEmail = useSupportEmail();
  return (
    <LegalLayout title="Terms of Service" updated="Version v1.0">
      <p>
        These terms apply to everyone who uses Trolleyboard, the order board and trolley-loading planner for nursery teams. By creating an
        account or using the service you agree to them.
      </p>

      <LegalSection heading="1. Use of the service">
        <p>
          Trolleyboard helps your team create and track customer orders, plan how trolleys are loaded onto lorries and trailers, and print
          pick sheets and run sheets. Use it for that work only, lawfully, and in a way that does not harm the service or other users. Do
          not try to get into accounts or data that are not yours.
        </p>
      </LegalSection>

      <LegalSection heading="2. Minimum age">
        <p>You must be at least 16 years old to create an account or use Trolleyboard.</p>
      </LegalSection>

      <LegalSection heading="3. Accounts and data">
        <p>
          You are responsible for your account: keep your password to yourself and tell us if you think someone else has used it. Orders,
          runs and settings you enter remain yours; you give us permission to store and show them so the service can work for you and your
          team.
        </p>
      </LegalSection>

      <LegalSection heading="4. Agreement tracking">
        <p>
          When you agree to these terms we record that you agreed, the version you agreed to (currently v1.0) and the date and time (a
          timestamp). If the terms change in a way that needs your agreement again, we will ask you before you can continue.
        </p>
      </LegalSection>

      <LegalSection heading="5. Storage">
        <p>
          Your data is stored on the server that runs Trolleyboard for your business. We take reasonable care to keep it safe, but you
          should keep your own copies (for example the PDFs you print) of anything you cannot afford to lose.
        </p>
      </LegalSection>

      <LegalSection heading="6. Availability">
        <p>
          Trolleyboard is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. We aim to keep it running, but it may be unavailable
          at times for maintenance, updates or reasons outside our control.
        </p>
      </LegalSection>

      <LegalSection heading="7. Future premium features">
        <p>
          The service is free to use today. We may add optional paid features later; if we do, we will say so clearly beforehand, and
          nothing you use now will start costing money without your agreement.
        </p>
      </LegalSection>

      <LegalSection heading="8. Disclaimer">
        <p>
          Trolleyboard is a planning tool. Check orders, loads and vehicle plans before acting on them. To the extent the law allows, we are
          not liable for losses arising from the use of the service, such as missed or wrongly loaded deliveries.
        </p>
      </LegalSection>

      <LegalSection heading="9. Termination">
        <p>
          You may stop using Trolleyboard at any time and ask us to delete your account. We may suspend or close accounts that break these
          terms or put the service or other users at risk.
        </p>
      </LegalSection>

      <LegalSection heading="10. Changes to these terms">
        <p>
          We may update these terms. When we do, we will change the version number, and where the change matters we will ask you to agree to
          the new version the next time you sign in.
        </p>
      </LegalSection>

      <section className="rounded-lg bg-slate-50 p-4">
        <h2 className="mb-2 text-lg font-semibold text-slate-900">Contact and account deletion</h2>
        <p>
          Questions about these terms, or want your account and its data deleted? Email <SupportAddress email={supportEmail} />.
        </p>
      </section>
    </LegalLayout>
  );
}
