/**
 * How a lead keeps its details (spec 3 "Lead"), once for the client's save-lead body and the server's
 * lead: personal details with the names and email trimmed, and the company nested only when it has
 * both a name and a type.
 */
import type { CompanyType } from './registration';

export interface LeadPersonalDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  phoneNumber: string;
  acceptedTerms: boolean;
}

/** The personal details a lead keeps, from a form, a request or a stored lead. */
export function leadPersonalDetails(values: LeadPersonalDetails): LeadPersonalDetails {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber,
    acceptedTerms: values.acceptedTerms,
  };
}

export interface LeadCompany {
  name: string;
  companyType: CompanyType;
}

/** The contract's nested company: a name and a type together, or none. */
export function leadCompanyOf(
  name: string | null | undefined,
  companyType: CompanyType | null | undefined,
): LeadCompany | null {
  return name && companyType ? { name, companyType } : null;
}
