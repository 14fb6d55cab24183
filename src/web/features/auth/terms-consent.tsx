import { paths } from '../../app/paths';
import { textLink } from './buttons';

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
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-emerald-700"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {lead} the{' '}
        <a href={paths.terms} target="_blank" rel="noreferrer" className={textLink}>
          Terms
        </a>{' '}
        and{' '}
        <a href={paths.privacy} target="_blank" rel="noreferrer" className={textLink}>
          Privacy Policy
        </a>
      </label>
    </div>
  );
}
