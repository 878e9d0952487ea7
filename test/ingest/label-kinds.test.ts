import { describe, expect, it } from 'vitest';
import { compatibleLabels } from '../../src/ingest/names.js';
import { labelKinds } from '../../src/language/label-kinds.js';

describe('the broad kind of a label (WordNet hypernyms)', () => {
  it('reads organizations, places and people from labels no list names, compounds and plurals included', async () => {
    const kinds = await labelKinds([
      'Company',
      'ResearchInstitute',
      'Clinic',
      'Brewery',
      'City',
      'Harbour',
      'Province',
      'Employee',
      'CrewMember',
      'Surgeon',
      'Podiatrists',
      'Invoice',
      'CargoShip',
    ]);
    expect(Object.fromEntries(kinds)).toEqual({
      Company: ['organization'],
      ResearchInstitute: ['organization'],
      Clinic: ['organization'],
      Brewery: [],
      City: ['place'],
      Harbour: ['place'],
      Province: ['place'],
      Employee: ['person'],
      CrewMember: ['person'],
      Surgeon: ['person'],
      Podiatrists: ['person'],
      Invoice: [],
      CargoShip: [],
    });
  });

  it('reads a label as a kind of thing, never as one person so named (a Crane is a machine or a bird, not the poet)', async () => {
    const kinds = await labelKinds(['Crane', 'Bell', 'Baker']);
    expect(kinds.get('Crane')).toEqual([]);
    expect(kinds.get('Bell')).toEqual([]);
    expect(kinds.get('Baker')).toEqual(['person']);
  });

  it('takes the kind a graph means where WordNet’s first sense is another (a Country is a place, a Lab an organization)', async () => {
    const kinds = await labelKinds(['Country', 'Lab', 'University', 'Founder', 'Person', 'Organization', 'Place']);
    expect(Object.fromEntries(kinds)).toEqual({
      Country: ['place'],
      Lab: ['organization'],
      University: ['organization'],
      Founder: ['person'],
      Person: ['person'],
      Organization: ['organization'],
      Place: ['place'],
    });
  });

  it('takes a body of people (a crew, a staff) for the body or its members: a label made from crew.csv names people', async () => {
    const kinds = await labelKinds(['Crew', 'Staff', 'Personnel', 'Department']);
    expect(Object.fromEntries(kinds)).toEqual({
      Crew: ['organization', 'person'],
      Staff: ['organization', 'person'],
      Personnel: ['organization', 'person'],
      Department: ['organization', 'person'],
    });
  });

  it('lets a mention of a broad kind meet a label of that kind, never one of another kind', async () => {
    const kinds = await labelKinds(['Organization', 'Place', 'Person', 'Clinic', 'Harbour', 'Surgeon', 'Invoice', 'Crew']);
    expect(compatibleLabels(['Person'], ['Crew'], kinds)).toBe(true);
    expect(compatibleLabels(['Organization'], ['Crew'], kinds)).toBe(true);
    expect(compatibleLabels(['Place'], ['Crew'], kinds)).toBe(false);
    expect(compatibleLabels(['Organization'], ['Clinic'], kinds)).toBe(true);
    expect(compatibleLabels(['Place'], ['Harbour'], kinds)).toBe(true);
    expect(compatibleLabels(['Person'], ['Surgeon'], kinds)).toBe(true);
    expect(compatibleLabels(['Place'], ['Clinic'], kinds)).toBe(false);
    expect(compatibleLabels(['Surgeon'], ['Harbour'], kinds)).toBe(false);
    // A label of no known kind goes with a broad one, not with another specific label.
    expect(compatibleLabels(['Organization'], ['Invoice'], kinds)).toBe(true);
    expect(compatibleLabels(['Clinic'], ['Invoice'], kinds)).toBe(false);
  });
});
