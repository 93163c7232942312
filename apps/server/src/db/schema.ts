export * from '../modules/organisations/organisations.tables';
export * from '../modules/patients/patients.tables';
export * from '../modules/identity/identity.tables';
export * from '../platform/audit/audit.tables';
