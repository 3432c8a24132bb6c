// The sign-in form: API key, "Remember on this device", and the service URL when it lives elsewhere.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { normalizeBaseUrl, session } from '../../api/session';
import { checkKey } from '../../api/sign-in';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/error-panel';
import { Field } from '../../ui/field';

const isHttpUrl = (v: string) => {
  try {
    normalizeBaseUrl(v);
    return true;
  } catch {
    return false;
  }
};

const signInSchema = z.object({
  key: z.string().trim().min(1, 'Enter your API key.'),
  remember: z.boolean(),
  baseUrl: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || isHttpUrl(v),
      'Enter a URL such as https://dns.example.com, or leave it empty.',
    ),
});
type SignInValues = z.infer<typeof signInSchema>;

/**
 * On success the session changes, and the page around it moves on. `onAttempt`: called as the key
 * is sent, so that the page drops a notice older than this attempt's answer.
 */
export function SignInForm({ onAttempt }: { onAttempt?: () => void } = {}) {
  const qc = useQueryClient();
  const [showKey, setShowKey] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { key: '', remember: false, baseUrl: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (v: SignInValues) => {
    setFormError(null);
    onAttempt?.();
    const creds = { key: v.key, baseUrl: normalizeBaseUrl(v.baseUrl), remember: v.remember };
    try {
      await checkKey(creds);
    } catch (e) {
      if (isApiError(e) && e.status === 401) {
        form.setError(
          'key',
          {
            message:
              'This API key was not accepted. Check that you copied all of it, or ask your operator for a new one.',
          },
          { shouldFocus: true },
        );
      } else if (isApiError(e) && e.code === 'network_error' && creds.baseUrl) {
        // The server's Content-Security-Policy (HTTP_CSP_CONNECT_SRC) refuses plain http to
        // another origin unless its operator allows it; the browser says only "failed".
        const hint = creds.baseUrl.startsWith('http:')
          ? ' This dashboard may only call services elsewhere over https unless its operator allows the address (HTTP_CSP_CONNECT_SRC).'
          : '';
        form.setError('baseUrl', { message: e.message + hint }, { shouldFocus: true });
      } else {
        setFormError(e);
      }
      return;
    }
    qc.clear(); // nothing cached under another key may show under this one
    session.signIn(creds);
  };

  return (
    <form className="form" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <FormAlert error={formError} />
      <Field
        label="API key"
        error={errors.key?.message}
        hint="Starts with zd_. It is sent only to the service, as a Bearer token."
      >
        {(a) => (
          <div className="input-group">
            <input
              {...a}
              {...form.register('key')}
              className="input input-mono"
              type={showKey ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's one task is this field
              autoFocus
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setShowKey((s) => !s)}
              aria-pressed={showKey}
            >
              {showKey ? 'Hide' : 'Show'}
            </Button>
          </div>
        )}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...form.register('remember')} />
        <span>
          Remember on this device
          <span className="checkbox-hint">
            Otherwise the key is forgotten when this tab closes.
          </span>
        </span>
      </label>
      <details className="disclosure" open={Boolean(errors.baseUrl) || undefined}>
        <summary>Service elsewhere?</summary>
        <Field
          label="Service URL"
          error={errors.baseUrl?.message}
          hint={`Leave empty to use this site (${window.location.origin}).`}
        >
          {(a) => (
            <input
              {...a}
              {...form.register('baseUrl')}
              className="input"
              type="url"
              inputMode="url"
              placeholder="https://dns.example.com"
              autoComplete="url"
            />
          )}
        </Field>
      </details>
      <Button
        type="submit"
        variant="primary"
        className="btn-block"
        busy={isSubmitting}
        disabled={isSubmitting}
      >
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
