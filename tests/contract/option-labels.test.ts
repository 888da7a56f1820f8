import * as options from '@domain/property-options';
import { COMPANY_TYPES } from '@domain/registration';
import { describe, expect, it } from 'vitest';
import { enResources, heResources } from '@/i18n/resources';

// The options as the app holds them: options.json joined by the listing facts' own (facts.json).
const heOptions = heResources.options;
const enOptions = enResources.options;

/** Every option value the app can show has a label in both languages, and no label is orphaned. */
const valuesByLabelGroup: Record<keyof typeof heOptions, readonly string[]> = {
  propertyKind: options.PROPERTY_KINDS,
  buildingClass: options.BUILDING_CLASSES,
  usageCategories: options.USAGE_CATEGORIES,
  propertyCategory: options.PROPERTY_CATEGORIES,
  truckAccess: options.TRUCK_ACCESS,
  lobbyType: options.LOBBY_TYPES,
  securityMeasures: options.SECURITY_MEASURES,
  onsiteAmenities: options.ONSITE_AMENITIES,
  nearbyParking: options.NEARBY_PARKING,
  publicTransport: options.PUBLIC_TRANSPORT,
  mainTrafficRoutes: options.MAIN_TRAFFIC_ROUTES,
  portsAirportsProximity: options.PORTS_AIRPORTS,
  dealType: options.DEAL_TYPES,
  condition: options.PROPERTY_CONDITIONS,
  airConditioning: options.AIR_CONDITIONING,
  propertyStatus: options.PROPERTY_STATUSES,
  mediaGroup: options.MEDIA_GROUPS.map((group) => group.key),
  companyType: COMPANY_TYPES,
  yesNo: ['yes', 'no'],
};

describe('option labels', () => {
  it.each(Object.entries(valuesByLabelGroup))(
    'labels every %s value in Hebrew and English',
    (group, values) => {
      const he = heOptions[group as keyof typeof heOptions];
      const en = enOptions[group as keyof typeof enOptions];
      expect(Object.keys(he).sort()).toEqual([...values].sort());
      expect(Object.keys(en).sort()).toEqual([...values].sort());
      for (const label of [...Object.values(he), ...Object.values(en)]) expect(label.trim()).not.toBe('');
    },
  );
});
