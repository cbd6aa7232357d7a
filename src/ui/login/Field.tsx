import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import classes from './Field.module.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | undefined;
  /** Decorative icon inside the input, on the left. */
  icon?: ReactNode;
  /** Content inside the input, on the right (a button, the captcha image). */
  right?: ReactNode;
};

/**
 * A labelled text input of the sign-in page. The page is drawn without Mantine so it stays small; this
 * mirrors Mantine's `TextInput` (size md) in look and accessibility: label, left section, right section,
 * error text linked through `aria-describedby`.
 */
export function Field({ label, error, icon, right, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={classes.root} data-error={error ? true : undefined}>
      <label className={classes.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={classes.control}>
        {icon && <span className={classes.icon}>{icon}</span>}
        <input
          id={inputId}
          className={`${classes.input} ${className ?? ''}`}
          data-with-icon={icon ? true : undefined}
          data-with-right={right ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {right && <span className={classes.right}>{right}</span>}
      </div>
      {error && (
        <div className={classes.error} id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}
