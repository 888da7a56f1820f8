import type { PropertyInput } from '@openapi/schema';
import type { FastifyValidationResult } from 'fastify/types/schema';
import { AppError } from '../http/app-error';
import { listOperations, loadContract } from '../http/contract';
import { createValidatorCompiler } from '../plugins/validation';

let validator: FastifyValidationResult | undefined;

/**
 * createProperty's body validator, compiled from the contract by the same compiler Fastify uses
 * for JSON bodies. The multipart `property` field is the same document in text form, so it must
 * pass exactly the same checks: nothing here restates the schema.
 */
function propertyInputValidator(): FastifyValidationResult {
  if (validator) return validator;
  const operation = listOperations(loadContract()).find((entry) => entry.operationId === 'createProperty');
  const requestBody = operation?.spec.requestBody as
    | { content?: Record<string, { schema?: unknown }> }
    | undefined;
  const schema = requestBody?.content?.['application/json']?.schema;
  if (!operation || !schema) throw new Error('The contract has no JSON body for createProperty');
  validator = createValidatorCompiler()({
    schema,
    method: operation.method,
    url: operation.url,
    httpPart: 'body',
  });
  return validator;
}

/**
 * Parses and checks the multipart `property` field. Errors come out as Fastify's own validation
 * errors (context `property`), so the client sees the same `validation_failed` details as for JSON.
 */
export function parsePropertyInputText(text: string): PropertyInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError(400, 'invalid_json', {
      details: [{ path: 'property', message: 'is not valid JSON' }],
      cause: error,
    });
  }
  const validate = propertyInputValidator();
  if (validate(value) !== true) {
    const errors = 'errors' in validate ? validate.errors : undefined;
    throw Object.assign(new Error('property field failed validation'), {
      validation: errors ?? [{ instancePath: '', message: 'is invalid' }],
      validationContext: 'property',
    });
  }
  return value as PropertyInput;
}
