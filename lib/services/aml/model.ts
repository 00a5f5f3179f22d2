/** The AML core's vocabulary lives in the contract layer (lib/contract/aml-model.ts), below the database's schema that stores it. */
export * from '@/lib/contract/aml-model';
