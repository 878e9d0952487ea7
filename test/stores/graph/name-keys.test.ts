import { describe, expect, it } from 'vitest';
import { displayNameKey, isNameKey, searchDocument } from '../../../src/stores/graph/bookkeeping.js';
import { labelNameKey } from '../../../src/planner/link/vocabulary.js';

/** Which properties name a thing: graphs name things by `name`, `title`, `productName`, `trial_title`, … */
describe('name keys', () => {
  it('takes name, title, aliases and their compounds, nothing else', () => {
    for (const k of ['name', 'title', 'aliases', 'productName', 'fullName', 'trialTitle', 'company_name', 'SHIP_NAME']) expect(isNameKey(k), k).toBe(true);
    for (const k of ['names', 'rename', 'subtitle', 'unitsInStock', 'nameless', 'titles', 'categoryID', 'Name']) expect(isNameKey(k), k).toBe(false);
  });

  it('shows name, then title, then the whole name, then another compound', () => {
    expect(displayNameKey({ title: 'T', name: 'N' })).toBe('name');
    expect(displayNameKey({ firstName: 'Ada', lastName: 'L', fullName: 'Ada L' })).toBe('fullName');
    expect(displayNameKey({ lastName: 'L', productName: 'Chai' })).toBe('productName');
    expect(displayNameKey({ name: '', title: 'T' })).toBe('title');
    expect(displayNameKey({ unitsInStock: 3 })).toBeUndefined();
  });

  it('a label is named by the compound that names the label itself', () => {
    expect(labelNameKey('Patient', ['birthDate', 'patientName', 'homeCity'])).toBe('patientName');
    expect(labelNameKey('ClinicalTrial', ['phase', 'trialTitle'])).toBe('trialTitle');
    expect(labelNameKey('Employee', ['firstName', 'lastName', 'employeeName'])).toBe('employeeName');
    expect(labelNameKey('Movie', ['released', 'tagline', 'title'])).toBe('title');
    expect(labelNameKey('Order', ['orderID', 'freight', 'shipName'])).toBe('shipName');
    expect(labelNameKey('Reading', ['value', 'at'])).toBe('value');
  });

  it('indexes every name-like key for search', () => {
    expect(searchDocument({ productName: 'Chai', unitPrice: 18 })).toContain('chai');
    expect(searchDocument({ unitPrice: 18 })).toBeNull();
  });
});
