import { contentCases } from '../testing/cases';

const H32 = '0123456789abcdef'.repeat(4);
const H64 = H32.repeat(2);
const H20 = 'ab'.repeat(20);

contentCases(
  'TLSA',
  [
    [`3 1 1 ${H32}`, `3 1 1 ${H32}`],
    [`3   1  1   ${H32.toUpperCase()}`, `3 1 1 ${H32}`],
    [`2 0 2 ${H64}`, `2 0 2 ${H64}`],
    ['0 0 0 AbCd', '0 0 0 abcd'],
  ],
  [
    [`4 1 1 ${H32}`, /TLSA usage must be an integer from 0 to 3/],
    [`3 2 1 ${H32}`, /TLSA selector must be an integer from 0 to 1/],
    [`3 1 3 ${H32}`, /TLSA matching type must be an integer from 0 to 2/],
    ['3 1 1 abcd', /32 bytes \(64 hex digits\), got 2 bytes/],
    [`3 1 2 ${H32}`, /64 bytes \(128 hex digits\)/],
    ['3 1 0 abc', /odd number of hex digits/],
    ['3 1 0 xyz1', /hexadecimal digits/],
    [`3 1 1 ${H32.slice(0, 32)} ${H32.slice(32)}`, /remove the spaces/],
    ['3 1 1', /got 3 fields/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
  ],
);

contentCases(
  'SSHFP',
  [
    [`4 2 ${H32}`, `4 2 ${H32}`],
    [`1 1 ${H20.toUpperCase()}`, `1 1 ${H20}`],
    [`6  2  ${H32}`, `6 2 ${H32}`],
    [`3 1 ${H20}`, `3 1 ${H20}`],
  ],
  [
    [`5 2 ${H32}`, /SSHFP algorithm must be 1 \(RSA\).*got "5"/],
    [`0 2 ${H32}`, /SSHFP algorithm/],
    [`4 3 ${H32}`, /fingerprint type must be an integer from 1 to 2/],
    [`4 2 ${H20}`, /32 bytes \(64 hex digits\), got 20 bytes/],
    [`4 1 ${H32}`, /20 bytes \(40 hex digits\), got 32 bytes/],
    [`4 2 ${H32.slice(0, 10)} ${H32.slice(10)}`, /remove the spaces/],
    [`4 2`, /got 2 fields/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
  ],
);
