import { useTranslation } from 'react-i18next';
import { checkPasswordRule, scorePassword, type PasswordRuleCheck } from '@veritext/contracts';

const RULES: readonly (keyof PasswordRuleCheck)[] = ['length', 'upper', 'lower', 'digit', 'special'];

/** The five-level strength meter and the rule checklist of the sign-up form (check-tool.md §5). */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const level = scorePassword(password);
  const rules = checkPasswordRule(password);
  const levelNames = [
    t('password.levels.0'),
    t('password.levels.1'),
    t('password.levels.2'),
    t('password.levels.3'),
    t('password.levels.4'),
  ] as const;
  const ruleText: Record<keyof PasswordRuleCheck, string> = {
    length: t('password.rules.length'),
    upper: t('password.rules.upper'),
    lower: t('password.rules.lower'),
    digit: t('password.rules.digit'),
    special: t('password.rules.special'),
  };
  return (
    <div className="password-strength" id={id}>
      {password === '' ? null : (
        <div className="password-strength__meter" data-level={level}>
          <div className="password-strength__bars" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((bar) => (
              <span key={bar} className={bar <= level ? 'is-filled' : undefined} />
            ))}
          </div>
          <p className="password-strength__label" aria-live="polite">
            {t('password.strength', { level: levelNames[level] })}
          </p>
        </div>
      )}
      <p className="password-strength__rules-title">{t('password.rulesTitle')}</p>
      <ul className="checklist">
        {RULES.map((rule) => (
          <li key={rule} className={rules[rule] ? 'checklist__item is-met' : 'checklist__item'}>
            <span className="checklist__icon" aria-hidden="true">
              {rules[rule] ? '✓' : '•'}
            </span>
            {ruleText[rule]}
            <span className="visually-hidden"> ({rules[rule] ? t('password.met') : t('password.unmet')})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
