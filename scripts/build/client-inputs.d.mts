/** Types of client-inputs.mjs, which stays plain JavaScript for scripts/ensure-build.mjs. */
export interface ClientInputs {
  files: string[];
  directories: string[];
}

export function inputsRecordPath(outDir: string): string;
export function writeInputsRecord(outDir: string, root: string, inputs: ClientInputs): void;
export function forgetInputsRecord(outDir: string): void;
export function changedClientInput(outDir: string, root: string): string | undefined;
