// swift-format-ignore-file
//
//  AlarmsBundle.swift
//  Alarms
//

import WidgetKit
import SwiftUI

@main
struct AlarmsBundle: WidgetBundle {
    var body: some Widget {
        NextAlarmWidget()
        SleepGoalWidget()
    }
}
