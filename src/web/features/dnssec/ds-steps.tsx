// What to do with the DS record: where it goes, which one, how to check it afterwards.
import { CopyText } from '../../ui/copy-text';

export function DsSteps({ zoneName }: { zoneName: string }) {
  return (
    <ol className="ds-steps">
      <li>
        <strong>Open the DNSSEC settings of {zoneName} at your registrar</strong> (where the domain
        is registered; often called “DNSSEC”, “DS records” or “Secure DNS”). The domain must already
        use this zone’s nameservers (see Overview).
      </li>
      <li>
        <strong>Add one DS record, the SHA-256 one</strong> (digest type 2): it is the most widely
        accepted. Paste it whole, or fill in the four fields one by one. SHA-384 (digest type 4)
        works where the registrar offers it; one record is enough. If the form asks for a DNSKEY
        instead, copy it from Signing keys below.
      </li>
      <li>
        <strong>Check it once the registry has published it</strong> (minutes to a few hours). The
        parent zone should return the DS, and a validating resolver should say “fully validated”:
        <CopyText
          className="copy-text-box"
          command
          value={`dig +dnssec DS ${zoneName}`}
          label="dig command"
        />
        <CopyText
          className="copy-text-box"
          command
          value={`delv ${zoneName} SOA`}
          label="delv command"
        />
        Or enter the name in a DNSSEC debugger such as{' '}
        <a href="https://dnsviz.net/" target="_blank" rel="noreferrer">
          DNSViz
        </a>{' '}
        or{' '}
        <a href="https://dnssec-analyzer.verisignlabs.com/" target="_blank" rel="noreferrer">
          Verisign’s DNSSEC Analyzer
        </a>
        .
      </li>
    </ol>
  );
}
