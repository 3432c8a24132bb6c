export * from './common';
export * from './fields';
export * from './zones';
export * from './records';
export * from './usage-dnssec';
export * from './changes';
export * from './zone-file';
export * from './secondaries';
