import { paths } from '../../lib/paths';
import { Checkbox } from '../../components/ui/fields';
import { textLinkClass } from '../../components/ui/text-link';

interface TermsConsentProps {
  id: string;
  /** The words before "the Terms and Privacy Policy", e.g. "I agree to". */
  lead: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** The consent tick box with Terms and Privacy links that open in a new tab (sign-up, accept terms). */
export function TermsConsent({ id, lead, checked, disabled = false, onChange }: TermsConsentProps) {
  return (
    <Checkbox
      id={id}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      label={
        <>
          {lead} the{' '}
          <a href={paths.terms} target="_blank" rel="noreferrer" className={textLinkClass}>
            Terms
          </a>{' '}
          and{' '}
          <a href={paths.privacy} target="_blank" rel="noreferrer" className={textLinkClass}>
            Privacy Policy
          </a>
        </>
      }
    />
  );
}
