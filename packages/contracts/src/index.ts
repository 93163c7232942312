export * from './languages';
export * from './errors';
export * from './envelope';
export * from './ssn';
export * from './feature-flags';
export * from './identity';
