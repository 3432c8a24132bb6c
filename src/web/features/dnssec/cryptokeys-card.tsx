// The zone's signing keys, and each DNSKEY with Copy (some registries ask for it, not the DS).
import type { Cryptokey } from '../../../shared/api/usage-dnssec';
import { describeAlgorithmMnemonic } from '../../../shared/dns/dnssec-names';
import { Badge } from '../../ui/badge';
import { HeaderCard } from '../../ui/card';
import { CopyText } from '../../ui/copy-text';
import { formatNumber } from '../../ui/format';

const KEY_TYPES: Record<string, string> = {
  csk: 'combined: signs keys and records',
  ksk: 'key-signing key',
  zsk: 'zone-signing key',
};

function YesNo({ value }: { value: boolean }) {
  return <Badge tone={value ? 'success' : 'neutral'}>{value ? 'Yes' : 'No'}</Badge>;
}

function KeysTable({ keys }: { keys: Cryptokey[] }) {
  return (
    <div className="table-wrap">
      <table className="table table-responsive keys-table">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Algorithm</th>
            <th scope="col">Bits</th>
            <th scope="col">Key tag</th>
            <th scope="col">Active</th>
            <th scope="col">Published</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id}>
              <td data-label="Type">
                <span className="mono">{k.keytype.toUpperCase()}</span>
                {KEY_TYPES[k.keytype] && (
                  <span className="dd-hint">
                    {KEY_TYPES[k.keytype]} · flags {k.flags}
                  </span>
                )}
              </td>
              <td data-label="Algorithm">{describeAlgorithmMnemonic(k.algorithm)}</td>
              <td data-label="Bits" className="mono">
                {formatNumber(k.bits)}
              </td>
              <td data-label="Key tag" className="mono">
                {k.keytag}
              </td>
              <td data-label="Active">
                <YesNo value={k.active} />
              </td>
              <td data-label="Published">
                <YesNo value={k.published} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CryptokeysCard({ keys }: { keys: Cryptokey[] }) {
  return (
    <HeaderCard
      title="Signing keys"
      description="The service holds the private keys; only the public DNSKEY leaves it."
    >
      {keys.length === 0 ? (
        <p className="card-pad muted">The service reported no keys for this zone yet.</p>
      ) : (
        <KeysTable keys={keys} />
      )}
      <div className="dnskey-list">
        {keys.map((k) => (
          <div key={k.id} className="ds-block">
            <p className="ds-block-label">DNSKEY of key {k.keytag}</p>
            <CopyText
              className="copy-text-box"
              value={k.dnskey}
              label={`DNSKEY of key ${k.keytag}`}
              text="Copy DNSKEY"
            />
          </div>
        ))}
      </div>
    </HeaderCard>
  );
}
