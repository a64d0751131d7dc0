#!/usr/bin/env python3
"""Synthesises PushBox's sound effects as 16-bit mono WAV files beside this script.

Run: python3 assets/sounds/make_sounds.py. Pure Python (math, struct, wave); every sound is a few
sine or noise partials with an envelope, short and quiet enough to repeat hundreds of times.
"""
import math
import os
import random
import struct
import wave

RATE = 22050


def envelope(t, length, attack=0.005, release=0.05):
    if t < attack:
        return t / attack
    if t > length - release:
        return max(0.0, (length - t) / release)
    return 1.0


def render(name, length, sample):
    here = os.path.dirname(os.path.abspath(__file__))
    frames = bytearray()
    n = int(RATE * length)
    for i in range(n):
        t = i / RATE
        v = max(-1.0, min(1.0, sample(t, length)))
        frames += struct.pack("<h", int(v * 32767 * 0.8))
    with wave.open(os.path.join(here, f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def step(t, length):
    # A soft footstep: a short low thump with a little noise.
    rnd = random.Random(int(t * RATE))
    body = math.sin(2 * math.pi * 140 * t) * math.exp(-t * 60)
    noise = (rnd.random() * 2 - 1) * math.exp(-t * 120) * 0.3
    return (body + noise) * 0.35 * envelope(t, length, 0.002, 0.02)


def push(t, length):
    # Wood scraping on stone: filtered noise with a falling pitch under it.
    rnd = random.Random(int(t * RATE) * 7919)
    f = 90 - 30 * t / length
    body = math.sin(2 * math.pi * f * t) * 0.5
    noise = (rnd.random() * 2 - 1) * 0.35
    return (body + noise) * 0.45 * envelope(t, length, 0.01, 0.05) * math.exp(-t * 8)


def goal(t, length):
    # A box settles on a goal: two bright notes (E6, B6).
    f = 1318.5 if t < 0.07 else 1975.5
    return math.sin(2 * math.pi * f * t) * 0.35 * envelope(t, length, 0.003, 0.08) * math.exp(-t * 6)


def undo(t, length):
    # A short upward blip, distinct from stepping.
    f = 420 + 900 * t / length
    return math.sin(2 * math.pi * f * t) * 0.25 * envelope(t, length, 0.003, 0.03)


def solved(t, length):
    # A rising major arpeggio (C5 E5 G5 C6) with a soft tail.
    notes = [523.25, 659.25, 783.99, 1046.5]
    k = min(int(t / 0.11), 3)
    local = t - k * 0.11
    tone = math.sin(2 * math.pi * notes[k] * t) + 0.3 * math.sin(4 * math.pi * notes[k] * t)
    return tone * 0.22 * math.exp(-local * 5) * envelope(t, length, 0.005, 0.2)


if __name__ == "__main__":
    render("step", 0.09, step)
    render("push", 0.16, push)
    render("goal", 0.22, goal)
    render("undo", 0.08, undo)
    render("solved", 0.9, solved)
