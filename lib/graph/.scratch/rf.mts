import { applyNodeChanges, applyEdgeChanges } from '@xyflow/react'
console.log(typeof applyNodeChanges, applyNodeChanges([{ type: 'position', id: 'a', position: { x: 5, y: 5 }, dragging: true }], [{ id: 'a', position: { x: 0, y: 0 }, data: {} }]))
