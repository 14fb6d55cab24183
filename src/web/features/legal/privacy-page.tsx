import { LegalLayout, LegalSection, SupportAddress } from './legal-layout';
import { useSupportEmail } from './use-support-email';

/** /privacy: the privacy policy (docs/product.md#terms-and-privacy; dated 21/6/2025). */
export default function PrivacyPage() {
  const supportEmail = useSupportEmail();
  return (
    <LegalLayout title="Privacy Policy" updated="Last updated: 21/6/2025">
      <p>This policy explains what Trolleyboard collects about you, why, and what you can do about it.</p>

      <LegalSection heading="What we collect">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Your content:</strong> the orders, runs, week headings and other details you and your team enter.
          </li>
          <li>
            <strong>Account information:</strong> your username, e-mail address and password (stored only in a hashed form, never in plain
            text).
          </li>
          <li>
            <strong>Minimal usage data:</strong> what the service needs to run and stay secure, such as sign-in times and the record of when
            you agreed to the terms.
          </li>
        </ul>
      </LegalSection>

      <LegalSection heading="How we use it">
        <p>
          We use your information only to provide Trolleyboard: to sign you in, show your team&apos;s orders and plans, send verification
          and password-reset e-mails, and keep the service secure.
        </p>
      </LegalSection>

      <LegalSection heading="We do not sell your data">
        <p>We never sell your data, and we do not share it with advertisers.</p>
      </LegalSection>

      <LegalSection heading="Your rights">
        <p>You can ask to access the data we hold about you, to correct it, or to delete it.</p>
      </LegalSection>

      <LegalSection heading="How long we keep it">
        <p>We keep your data while your account is active. When your account is deleted, your personal data is deleted with it.</p>
      </LegalSection>

      <LegalSection heading="Contact">
        <p>
          For any privacy question or request, email <SupportAddress email={supportEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
