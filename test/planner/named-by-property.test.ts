import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the sensor with serial 'S-7'": the label word, "with", the property the thing was found by and
 * its value say one thing. Before, the label word made a second sensor, which the planner then had
 * to join to the first by any way it could find ("sensors and S-7 are related in more than one
 * way") and the property became a condition that it merely has one. On an invented graph.
 */
const PLANT: UpsertBatch = {
  nodes: [
    node('s:1', 'Sensor', { serial: 'S-7' }),
    node('s:2', 'Sensor', { serial: 'S-9' }),
    node('r:1', 'Room', { name: 'Boiler Room' }),
    node('r:2', 'Room', { name: 'Pump Hall' }),
    node('r:3', 'Room', { name: 'Control Room' }),
  ],
  relationships: [
    rel('s:1', 'MONITORS', 'r:1'),
    rel('s:1', 'MONITORS', 'r:2'),
    rel('s:2', 'MONITORS', 'r:3'),
    // A second way between sensors and rooms, which a second sensor would be joined by as well.
    rel('s:2', 'STORED_IN', 'r:1'),
  ],
};

describe('a thing said by its label and the property it is found by', () => {
  const planner = plannerOnScratch('namedbyprop', PLANT);

  it.each([
    "Which rooms does the sensor with serial 'S-7' monitor?",
    "Which rooms are monitored by the sensor with serial 'S-7'?",
    "Which rooms are monitored by the sensor with the serial 'S-7'?",
  ])('%s', async (question) => {
    const answer = await planner().ask(question);
    expect(answer.cypher).not.toMatch(/IS NOT NULL/);
    expect(firstValues(answer)).toEqual(['Boiler Room', 'Pump Hall']);
  });
});

/**
 * "the sensor with serial '4.2'" where a room is named '4.2' too: the label said before the
 * property says which thing the value names. Before, both were found and the question ended in
 * "Which “4.2” do you mean?". On an invented graph.
 */
const BAYS: UpsertBatch = {
  nodes: [
    node('s:1', 'Sensor', { serial: '4.2' }),
    node('s:2', 'Sensor', { serial: '4.3' }),
    node('r:1', 'Room', { name: '4.2' }),
    node('r:2', 'Room', { name: 'Bay 2-4' }),
    node('r:3', 'Room', { name: 'Control Room' }),
  ],
  relationships: [rel('s:1', 'MONITORS', 'r:3'), rel('s:2', 'MONITORS', 'r:1'), rel('s:2', 'MONITORS', 'r:2')],
};

describe('a value said after its label and property, which another thing is named', () => {
  const planner = plannerOnScratch('namedbypropvalue', BAYS);

  it.each([
    "Which rooms does the sensor with serial '4.2' monitor?",
    "Which rooms are monitored by the Sensor with the serial '4.2'?",
    "Which rooms does the sensor whose serial is '4.2' monitor?",
  ])('%s', async (question) => {
    const answer = await planner().ask(question);
    expect(answer.resolution).toBeUndefined();
    expect(firstValues(answer)).toEqual(['Control Room']);
  });
});
