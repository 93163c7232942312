/**
 * Identity codes of the built-in provider's test persons (stand-ins/test-idp/test-persons.ts), by first name,
 * for the patient-side and act-on-behalf tests. Aino may act for her children Lilja and Elias in the test
 * mandate service, Matti for Helmi.
 */
export const AINO = '010190-124N';
export const MATTI = '150375-257R';
export const SARA = '171185X584L';
export const HELMI = '230450Y302P';
export const LILJA = '120315A456R';
export const ELIAS = '050623B3498';
