// Edit the zone's default TTL (the TTL new records get when they name none).
import { TTL_MAX, TTL_MIN } from '../../../shared/dns/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ttlSchema } from '../../../shared/api/fields';
import type { Zone } from '../../../shared/api/zones';
import { useUpdateZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { SettingsCard } from '../../ui/card';
import { applyServerError } from '../../ui/form/apply-server-error';
import { Form } from '../../ui/form/form';
import { TtlField } from '../../ui/form/ttl-field';
import { clearDraft, loadDraft, useDraft } from '../../ui/form/use-draft';

const ttlForm = z.object({ ttl: ttlSchema });
type TtlValues = z.infer<typeof ttlForm>;

export function ZoneTtlCard({ zone }: { zone: Zone }) {
  const update = useUpdateZone(zone.id);
  const draftId = `zone-ttl:${zone.id}`;
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<TtlValues>({
    resolver: zodResolver(ttlForm),
    defaultValues: loadDraft(draftId, { ttl: zone.ttl }),
    mode: 'onTouched',
  });
  useDraft(draftId, form);
  const { errors } = form.formState;
  // A new TTL from the service (saved here, or by a revert elsewhere) resets the field in place;
  // remounting the card would take the focus from a keyboard user with the old input.
  const shownTtl = useRef(zone.ttl);
  useEffect(() => {
    if (shownTtl.current === zone.ttl) return;
    shownTtl.current = zone.ttl;
    form.reset({ ttl: zone.ttl });
    clearDraft(draftId);
  }, [zone.ttl, form, draftId]);
  const changed = useWatch({ control: form.control, name: 'ttl' }) !== zone.ttl;

  const onSubmit = ({ ttl }: TtlValues, e?: BaseSyntheticEvent) => {
    const formElement = e?.target instanceof HTMLFormElement ? e.target : null;
    // Busy, not disabled, while saving: a disabled button drops the focus to the page's body.
    if (update.isPending) return;
    setFormError(null);
    update.mutate(
      { ttl },
      {
        onSuccess: () => {
          clearDraft(draftId);
          toast.success(`Default TTL set to ${ttl} seconds`);
          // Saved, Save TTL is disabled (nothing to save): the focus goes back to the field
          // rather than to the page's body, unless the user has moved it elsewhere meanwhile.
          const active = document.activeElement;
          if (!active || active === document.body || active.closest('form') === formElement)
            form.setFocus('ttl');
        },
        onError: (e) => {
          if (!applyServerError(e, form.setError, ['ttl'])) setFormError(e);
        },
      },
    );
  };

  return (
    <SettingsCard
      title="Default TTL"
      description="How long resolvers may cache new records that name no TTL of their own."
    >
      <Form onSubmit={form.handleSubmit(onSubmit)} error={formError} className="form-inline">
        <TtlField
          registration={form.register('ttl', { valueAsNumber: true })}
          error={errors.ttl?.message}
          hint={`${TTL_MIN} to ${TTL_MAX} seconds.`}
          unit="seconds"
        />
        <div className="form-actions">
          <Button type="submit" busy={update.isPending} disabled={!changed && !update.isPending}>
            Save TTL
          </Button>
        </div>
      </Form>
    </SettingsCard>
  );
}
