import type { RiskLevel } from '@/lib/contract/enums';

/**
 * The categorization every new tenant starts with: a realistic retail ladder (standard, premium,
 * high-risk) and a business category. Admins edit it afterwards through the API.
 */
export interface DefaultFeature {
  code: string;
  name: string;
  description: string;
  mandatoryKeys: string[];
  allowedValues: Record<string, string[]>;
}

export interface DefaultCategory {
  code: string;
  name: string;
  description: string;
  customerType: 'INDIVIDUAL' | 'ORGANIZATION';
  riskLevel: RiskLevel;
  features: string[];
}

export const DEFAULT_FEATURES: DefaultFeature[] = [
  {
    code: 'KYC_BASIC',
    name: 'Basic due diligence',
    description: 'Employment and source of funds, asked of every retail customer.',
    mandatoryKeys: ['employmentStatus', 'sourceOfFunds'],
    allowedValues: {
      employmentStatus: ['EMPLOYED', 'SELF_EMPLOYED', 'STUDENT', 'RETIRED', 'UNEMPLOYED'],
      sourceOfFunds: ['SALARY', 'SAVINGS', 'PENSION', 'BUSINESS_INCOME', 'INVESTMENTS', 'INHERITANCE', 'OTHER'],
    },
  },
  {
    code: 'INCOME_PROFILE',
    name: 'Income profile',
    description: 'Annual income band and expected monthly volume, for higher limits.',
    mandatoryKeys: ['annualIncomeBand', 'expectedMonthlyVolume'],
    allowedValues: {
      annualIncomeBand: ['UNDER_25K', '25K_50K', '50K_100K', '100K_250K', 'OVER_250K'],
      expectedMonthlyVolume: ['UNDER_1K', '1K_5K', '5K_20K', 'OVER_20K'],
    },
  },
  {
    code: 'ENHANCED_DUE_DILIGENCE',
    name: 'Enhanced due diligence',
    description: 'Politically exposed person status and the purpose of the relationship.',
    mandatoryKeys: ['pepStatus', 'accountPurpose'],
    allowedValues: {
      pepStatus: ['NONE', 'DOMESTIC_PEP', 'FOREIGN_PEP', 'PEP_RELATIVE_OR_ASSOCIATE'],
      accountPurpose: ['EVERYDAY_SPENDING', 'SAVINGS', 'INTERNATIONAL_TRANSFERS', 'BUSINESS_EXPENSES', 'INVESTMENT'],
    },
  },
  {
    code: 'BUSINESS_PROFILE',
    name: 'Business profile',
    description: 'Annual turnover and the countries the business operates in.',
    mandatoryKeys: ['annualTurnoverBand', 'operatingRegion'],
    allowedValues: {
      annualTurnoverBand: ['UNDER_100K', '100K_1M', '1M_10M', 'OVER_10M'],
      operatingRegion: ['DOMESTIC', 'EEA', 'INTERNATIONAL'],
    },
  },
];

export const DEFAULT_CATEGORIES: DefaultCategory[] = [
  {
    code: 'RETAIL_STANDARD',
    name: 'Retail standard',
    description: 'Everyday accounts and cards with standard limits.',
    customerType: 'INDIVIDUAL',
    riskLevel: 'LOW',
    features: ['KYC_BASIC'],
  },
  {
    code: 'RETAIL_PREMIUM',
    name: 'Retail premium',
    description: 'Higher limits and international use; needs an income profile.',
    customerType: 'INDIVIDUAL',
    riskLevel: 'MEDIUM',
    features: ['KYC_BASIC', 'INCOME_PROFILE'],
  },
  {
    code: 'RETAIL_HIGH_RISK',
    name: 'Retail high risk',
    description: 'Customers that need enhanced due diligence before activation.',
    customerType: 'INDIVIDUAL',
    riskLevel: 'HIGH',
    features: ['KYC_BASIC', 'INCOME_PROFILE', 'ENHANCED_DUE_DILIGENCE'],
  },
  {
    code: 'BUSINESS_STANDARD',
    name: 'Business standard',
    description: 'Small and medium businesses.',
    customerType: 'ORGANIZATION',
    riskLevel: 'MEDIUM',
    features: ['BUSINESS_PROFILE'],
  },
];
