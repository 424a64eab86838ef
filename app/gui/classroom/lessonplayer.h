#pragma once

#include "lesson.h"
#include "workspace/workspace.h"

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <optional>

class PanelHost;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QShortcut;

// Plays a lesson (model::Lesson, resources/lessons/*.json): pick a lesson,
// jump between its steps, read the step's title and caption in the UI language, go back and
// forth with Previous/Next, the keyboard or a presenter's clicker.
//
// A step's fields are changes ("an absent field leaves that part of the app as it is"), so
// step N is applied as the merge of steps 0..N (effectiveStep()): the result does not depend
// on how the teacher got there, and re-applying a step after changing a parameter mid-lesson
// restores exactly what the script shows. A step's state goes to the Workspace (the panels
// follow it); its results, highlight and panel go to the window it plays on (a PanelHost).
class LessonPlayer : public QWidget
{
    Q_OBJECT

public:
    LessonPlayer(Workspace *workspace, PanelHost *host, QWidget *parent = nullptr);

    // Every *.json lesson in the folder (default: <resources>/lessons), validated against the
    // workspace's spec DB; refused files are listed in the panel with their message.
    void loadDirectory(const QString &dir = {});
    const QList<model::Lesson> &lessons() const { return m_lessons; }
    QStringList refusedFiles() const { return m_refused; }

    bool openLesson(const QString &id, int step = 0);
    // Closing puts back what the app showed before the first lesson was opened: GPU, comparison
    // GPUs, ceilings, axes, the user's own workloads, the occupancy inputs.
    void closeLesson();
    bool isOpen() const { return m_current >= 0; }
    const model::Lesson *lesson() const;
    int currentStep() const { return m_step; } // -1 when no lesson is open
    int stepCount() const;

    void goToStep(int index); // applies it (clamped to the lesson)
    void next();
    void previous();
    void reapplyStep(); // back to the script after the teacher changed something

    // What the panel (and the presentation banner) shows for the current step, in the UI language.
    QString lessonTitle() const;
    QString stepTitle() const;
    QString stepCaption() const;
    // Predict, then reveal: while an exercise of the step waits for its reveal, the caption
    // (which explains the answer) gives way to `text` (the question and how to answer it); an
    // empty text lifts the cover. Applying a step lifts it; the exercises set it again.
    void setCaptionCover(const QString &text);
    QString captionCover() const { return m_captionCover; }
    // The caption as the panel and the banner show it: the cover while there is one.
    QString shownCaption() const;
    QString stepCounter() const; // "Step 2 of 5"
    // Things the step asked for that this app could not show (a missing results file, a panel
    // that is not built in); empty when everything applied.
    QStringList notices() const { return m_notices; }
    // The panel the current step shows ("roofline", "occupancy", ...; "roofline" when unset).
    QString stagePanel() const { return m_stage; }
    // What the current step needs on screen (model::LessonStep::needs); a step that does not
    // say: the chart on a roofline step, the panel alone on an occupancy step, both otherwise.
    QStringList stepNeeds() const;
    // The UI language the captions are in ("en", "zh_CN").
    QString language() const;

    // The state step `index` puts the app in (model::lessons::effectiveStep).
    static model::LessonStep effectiveStep(const model::Lesson &lesson, int index);
    // The chart group of the step's measured results.
    static QString resultsGroup();

    // PageUp/PageDown/Space (always while a lesson is open) and Left/Right (while the focus is
    // not in a field that uses arrows) as window-wide shortcuts on `window`.
    void installShortcuts(QWidget *window);
    QList<QShortcut *> shortcuts() const { return m_shortcuts; }

signals:
    void lessonOpened(const QString &id);
    void lessonClosed();
    void stepApplied(int index);
    void presentationRequested();
    void captionCoverChanged();

private:
    void buildUi();
    void fillLessonBox();
    void apply();
    void applyResults(const model::LessonStep &step);
    void applyHighlight(const QString &highlight);
    void showStage(const QString &panel);
    void refreshTexts();
    void updateShortcuts();

    Workspace *m_workspace = nullptr;
    PanelHost *m_host = nullptr;
    std::optional<Workspace::Choices> m_desk; // the app before the lesson
    QList<model::Lesson> m_lessons;
    QStringList m_refused;
    int m_current = -1;
    int m_step = -1;
    QStringList m_notices;
    QString m_captionCover;
    QString m_stage = QStringLiteral("roofline");
    bool m_filling = false;

    QComboBox *m_lessonBox = nullptr;
    QLabel *m_refusedLabel = nullptr;
    QListWidget *m_steps = nullptr;
    QLabel *m_counter = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_caption = nullptr;
    QLabel *m_notice = nullptr;
    QPushButton *m_prev = nullptr;
    QPushButton *m_next = nullptr;
    QPushButton *m_restore = nullptr;
    QPushButton *m_present = nullptr;
    QList<QShortcut *> m_shortcuts;
    QList<QShortcut *> m_arrowShortcuts;
};
